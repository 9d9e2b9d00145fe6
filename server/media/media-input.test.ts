import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  averageColor,
  ffmpeg,
  fixture,
  gifFrameBomb,
  playlistNaming,
  redCanary,
  tempDir,
} from '../test/test-media';
import { FfmpegError, runFfmpeg } from './ffmpeg';
import { checkedMedia } from './media-bounds';
import { ProbeError, probeMedia } from './probe';
import { prepareFirstFrame, RenderInputError } from './render-inputs';
import { renderThumbnail } from './render-thumbnail';

/*
 * Issue 41 §2: a file that is really an HLS playlist, uploaded as video/mp4, made ffmpeg read any
 * local media file it named (a canary's colour came back in the thumbnail), and a 46 KB GIF of
 * 8000×8000 in 2,000 frames was decoded whole. User media is now opened only with single-file
 * demuxers and the file protocol, and its decoded work is bounded (decision 353).
 */

let dir: string;
let canary: string;
let playlist: string;

beforeAll(async () => {
  dir = tempDir('media-input-');
  canary = await redCanary(dir);
  playlist = path.join(dir, 'clip.mp4');
  fs.writeFileSync(playlist, playlistNaming(canary));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 80 && b < 80;

describe('a playlist as a video', () => {
  it('is refused by the probe, named as a playlist', async () => {
    const err = await probeMedia(playlist).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProbeError);
    expect((err as Error).message).toMatch(
      /not a supported media container: it looks like an HLS \(m3u8\) playlist/,
    );
  });

  it('never gives a thumbnail of the file it names', async () => {
    const out = path.join(dir, 'thumb.png');
    const err = await renderThumbnail({ source: playlist, outPath: out, width: 32 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as Error).message).toMatch(/HLS \(m3u8\) playlist/);
    if (fs.existsSync(out) && fs.statSync(out).size > 0) expect(isRed(await averageColor(out))).toBe(false);
  });

  it('never becomes a first frame, and the reason is shown', async () => {
    const out = path.join(dir, 'first.png');
    const err = await prepareFirstFrame(playlist, out, 64, 64).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderInputError);
    expect((err as Error).message).toMatch(/could not be read \(not a supported media container/);
    if (fs.existsSync(out) && fs.statSync(out).size > 0) expect(isRed(await averageColor(out))).toBe(false);
  });

  it('is refused by ffmpeg itself, and so is a concat script, even without the probe first', async () => {
    const concat = path.join(dir, 'list.mp4');
    fs.writeFileSync(concat, `ffconcat version 1.0\nfile '${canary}'\n`);
    for (const input of [playlist, concat]) {
      const out = path.join(dir, 'direct.png');
      const err = await runFfmpeg(['-i', input, '-frames:v', '1', out], { timeoutMs: 60_000 }).catch(
        (e: unknown) => e,
      );
      expect(err, input).toBeInstanceOf(FfmpegError);
      expect((err as FfmpegError).stderrTail).toMatch(/not on whitelist|Invalid data/);
      if (fs.existsSync(out) && fs.statSync(out).size > 0) expect(isRed(await averageColor(out))).toBe(false);
    }
  });

  it('refuses a path ffmpeg would read as a numbered sequence of other files', async () => {
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=16x16', '-frames:v', '1', path.join(dir, 'seq1.png')]);
    const out = path.join(dir, 'seq-out.png');
    const err = await runFfmpeg(['-i', path.join(dir, 'seq%d.png'), '-frames:v', '1', out], {
      timeoutMs: 60_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as Error).message).toMatch(/would name a sequence of files/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('still reads real media: a JPEG ffmpeg detects as image2, the mp4, png and mp3 fixtures', async () => {
    const jpg = path.join(dir, 'photo.jpg');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=640x480', '-frames:v', '1', '-q:v', '2', jpg]);
    for (const file of [jpg, fixture('sample.mp4'), fixture('sample.png'), fixture('sample.mp3')]) {
      await expect(checkedMedia(file), file).resolves.toBeDefined();
    }
    const out = path.join(dir, 'photo-thumb.png');
    await renderThumbnail({ source: jpg, outPath: out, width: 32 });
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  });
});

describe('a frame bomb', () => {
  it('is refused before any decoding, naming its frames and the budget', async () => {
    const bomb = path.join(dir, 'bomb.gif');
    fs.writeFileSync(bomb, gifFrameBomb(8000, 8000, 2000));
    expect(fs.statSync(bomb).size).toBeLessThan(50_000);
    const err = await checkedMedia(bomb).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as Error).message).toMatch(
      /decodes to 2,000 frames of 8000×8000 pixels .* more than the 2 gigapixels/,
    );
    const out = path.join(dir, 'bomb-thumb.png');
    await expect(renderThumbnail({ source: bomb, outPath: out, width: 32 })).rejects.toThrow(/2 gigapixels/);
  });
});
