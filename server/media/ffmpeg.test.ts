import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FfmpegError, filterValue, localInputsOnly, progressFraction, runFfmpeg } from './ffmpeg';
import { USER_MEDIA_FORMATS } from './media-input';
import { FONT_REGULAR } from './text-font';
import { probeFile, processWithArg, tempDir } from '../test/test-media';

const dir = tempDir('ffmpeg-test-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('progressFraction', () => {
  it('reads out_time_us (and the old out_time_ms, also in microseconds) as a fraction of the duration', () => {
    expect(progressFraction('out_time_us=2500000', 10)).toBe(0.25);
    expect(progressFraction('out_time_ms=5000000', 10)).toBe(0.5);
    expect(progressFraction('out_time_us=99000000', 10)).toBe(1);
    expect(progressFraction('progress=end', 10)).toBe(1);
  });
  it('ignores other lines and a missing duration', () => {
    expect(progressFraction('frame=12', 10)).toBeUndefined();
    expect(progressFraction('out_time=00:00:01.000000', 10)).toBeUndefined();
    expect(progressFraction('out_time_us=1000', undefined)).toBeUndefined();
  });
});

describe('filterValue', () => {
  it('lets a path full of filtergraph syntax reach drawtext intact', async () => {
    const odd = path.join(dir, "it's a [dir]: with, commas; and \\ slash");
    fs.mkdirSync(odd);
    const textFile = path.join(odd, 'text.txt');
    fs.writeFileSync(textFile, 'hello');
    const out = path.join(dir, 'text.png');
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=160x40:d=1',
        '-vf',
        `drawtext=fontfile=${filterValue(FONT_REGULAR)}:textfile=${filterValue(textFile)}:fontcolor=white:fontsize=20`,
        '-frames:v',
        '1',
        out,
      ],
      { timeoutMs: 60_000 },
    );
    expect((await probeFile(out)).video?.width).toBe(160);
  });
});

describe('runFfmpeg', () => {
  it('rejects with the tail of stderr when ffmpeg fails', async () => {
    const err = await runFfmpeg(['-i', path.join(dir, 'missing.mp4'), path.join(dir, 'x.mp4')], {
      timeoutMs: 60_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as FfmpegError).message).toMatch(/exit code 1.*No such file or directory/);
  });

  it('kills the process when aborted mid-run and rejects with the abort reason', async () => {
    const marker = path.join(dir, 'abort-marker.mkv');
    const abort = new AbortController();
    // -re: read at real speed, so the run lasts 60 s unless killed.
    const running = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'color=s=32x32:d=60', '-f', 'matroska', marker], {
      signal: abort.signal,
      timeoutMs: 120_000,
    }).catch((e: unknown) => e);
    await expect.poll(() => processWithArg(marker), { interval: 20 }).toBe(true);
    abort.abort(new Error('cancelled by the user'));
    expect(await running).toMatchObject({ message: 'cancelled by the user' });
    await expect.poll(() => processWithArg(marker)).toBe(false);
  });

  it('kills a run past its timeout', async () => {
    const started = Date.now();
    const err = await runFfmpeg(['-re', '-f', 'lavfi', '-i', 'color=s=32x32:d=60', '-f', 'null', '-'], {
      timeoutMs: 500,
    }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/took longer than/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('local inputs only (decision 098)', () => {
  it('puts the allow-lists before every input: user media file-only, a lavfi graph its format too', () => {
    const formats = USER_MEDIA_FORMATS.join(',');
    expect(
      localInputsOnly([
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=8x8:d=1',
        '-i',
        '/tmp/a.png',
        '-map',
        '0',
        'out.mp4',
      ]),
    ).toEqual([
      ...['-f', 'lavfi', '-format_whitelist', `lavfi,${formats}`, '-protocol_whitelist', 'file,pipe'],
      ...['-i', 'color=c=black:s=8x8:d=1'],
      ...[
        '-format_whitelist',
        formats,
        '-protocol_whitelist',
        'file',
        '-i',
        '/tmp/a.png',
        '-map',
        '0',
        'out.mp4',
      ],
    ]);
  });

  it('refuses a URL input before ffmpeg starts, without its query string', async () => {
    for (const url of [
      'http://169.254.169.254/x.png?token=t0k',
      'HTTPS://example.com/a.mp4',
      'ftp://h/a',
      'tcp://h:1',
    ]) {
      await expect(runFfmpeg(['-i', url, '-f', 'null', '-'], { timeoutMs: 60_000 })).rejects.toThrow(
        FfmpegError,
      );
    }
    await expect(
      runFfmpeg(['-i', 'http://169.254.169.254/x.png?token=t0k', '-f', 'null', '-'], { timeoutMs: 60_000 }),
    ).rejects.toThrow(/local files only, not http:\/\/169\.254\.169\.254\/x\.png$/);
  });

  it('makes ffmpeg itself refuse the network when a playlist in a local file points there', async () => {
    const playlist = path.join(dir, 'list.m3u8');
    fs.writeFileSync(
      playlist,
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/seg.ts\n#EXT-X-ENDLIST\n',
    );
    await expect(runFfmpeg(['-i', playlist, '-f', 'null', '-'], { timeoutMs: 60_000 })).rejects.toThrow(
      /not on whitelist/,
    );
  });
});
