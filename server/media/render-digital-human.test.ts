import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDigitalHumanVideo } from './render-digital-human';
import { RenderInputError } from './render-inputs';
import {
  averageColor,
  ffmpeg,
  fixture,
  probeFile,
  processWithArg,
  rmsLevel,
  tempDir,
} from '../test/test-media';

let dir: string;
let portrait: string;
let landscape: string;
let speech: string;
beforeAll(async () => {
  dir = tempDir('render-dh-test-');
  portrait = path.join(dir, 'portrait.png');
  landscape = path.join(dir, 'landscape.png');
  speech = path.join(dir, 'speech.wav');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x2a8f3c:s=300x400', '-frames:v', '1', portrait]);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x2a8f3c:s=640x360', '-frames:v', '1', landscape]);
  // An odd length, so "as long as the audio" is not satisfied by a round number by chance.
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=180:d=2.37', '-ar', '44100', speech]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const out = () => path.join(dir, `dh-${Math.random().toString(36).slice(2)}.mp4`);

describe('renderDigitalHumanVideo', () => {
  it('is exactly as long as the audio, with the audio as its AAC track, in the avatar’s orientation', async () => {
    const outPath = out();
    const seen: number[] = [];
    await renderDigitalHumanVideo({
      outPath,
      avatar: portrait,
      audio: speech,
      name: 'Ava: "support" 100%',
      onProgress: (f) => seen.push(f),
    });
    const probe = await probeFile(outPath);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 720, height: 1280, pixFmt: 'yuv420p' });
    expect(probe.audio?.codec).toBe('aac');
    expect(Math.abs(probe.duration - 2.37)).toBeLessThan(0.06);
    expect(Math.abs(probe.audio!.duration - 2.37)).toBeLessThan(0.06);
    expect(await rmsLevel(outPath)).toBeGreaterThan(0.05);
    expect(seen.at(-1)).toBe(1);
    // The picture is the avatar (green), not a generated background.
    const [r, g, b] = await averageColor(outPath, 1);
    expect(g).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(b + 30);
  });

  it('takes a landscape avatar, an mp3 and an explicit frame size', async () => {
    const a = out();
    await renderDigitalHumanVideo({ outPath: a, avatar: landscape, audio: fixture('sample.mp3') });
    const pa = await probeFile(a);
    expect(pa.video).toMatchObject({ width: 1280, height: 720 });
    expect(Math.abs(pa.duration - 2.04)).toBeLessThan(0.08);
    const b = out();
    await renderDigitalHumanVideo({ outPath: b, avatar: landscape, audio: speech, width: 480, height: 480 });
    expect((await probeFile(b)).video).toMatchObject({ width: 480, height: 480 });
  });

  it('refuses audio without sound and an avatar that is not an image, naming which', async () => {
    const silentVideo = path.join(dir, 'silent.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=s=64x64:d=1', '-c:v', 'libx264', silentVideo]);
    const outPath = out();
    await expect(renderDigitalHumanVideo({ outPath, avatar: portrait, audio: silentVideo })).rejects.toThrow(
      new RenderInputError('The audio has no sound track'),
    );
    const notImage = path.join(dir, 'avatar.png');
    fs.writeFileSync(notImage, 'nope');
    await expect(renderDigitalHumanVideo({ outPath, avatar: notImage, audio: speech })).rejects.toThrow(
      /^The avatar image/,
    );
    expect(fs.existsSync(outPath)).toBe(false);
  });

  it('kills ffmpeg and rejects when aborted', async () => {
    const long = path.join(dir, 'long.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=200:d=120', long]);
    const outPath = out();
    const abort = new AbortController();
    let running!: () => void;
    const midway = new Promise<void>((resolve) => (running = resolve));
    // A small frame (the size is not the point here), aborted once the main pass is under way: past
    // the 5% the preparing step reports, with most of the 120 s left to kill.
    const rendering = renderDigitalHumanVideo({
      outPath,
      avatar: portrait,
      audio: long,
      width: 240,
      height: 320,
      signal: abort.signal,
      onProgress: (f) => f > 0.06 && running(),
    });
    await midway;
    expect(processWithArg(outPath)).toBe(true);
    abort.abort();
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => processWithArg(outPath)).toBe(false);
    expect(fs.existsSync(outPath)).toBe(false);
  });
});
