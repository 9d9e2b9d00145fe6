import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FfmpegModule from './ffmpeg';
import { encodeDeadlineMs, FFMPEG_PATH as REAL_FFMPEG } from './ffmpeg';
import { ffmpeg, fixture, processWithArg, tempDir } from '../test/test-media';

/**
 * An ffmpeg that hangs instead of failing (as ffmpeg 5.1 can at a low memory ceiling): every run
 * ends at its deadline as an FfmpegError, its process killed and its pool slot freed (decision 376).
 * The fake answers `-version` (the start-up check) and the short preparation runs with the real
 * ffmpeg, and sleeps on the encode itself, so the deadline tested is the encode's own.
 */
let dir: string;
let avatar: string;
const hangFor = `${600 + Math.floor(Math.random() * 1000)}.${process.pid}`;

beforeAll(async () => {
  dir = tempDir('ffmpeg-deadline-test-');
  avatar = path.join(dir, 'avatar.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=green:s=320x400', '-frames:v', '1', avatar]);
  const fake = path.join(dir, 'hung-ffmpeg');
  fs.writeFileSync(
    fake,
    [
      '#!/bin/sh',
      'case " $* " in',
      `  *" +faststart "*|*" -f null "*|*" -f mp3 "*) exec sleep ${hangFor} ;;`,
      'esac',
      `exec "${REAL_FFMPEG}" "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  vi.stubEnv('FFMPEG_PATH', fake);
  vi.resetModules();
  // Every render is given a short deadline here; what is tested is that it has one and honours it.
  vi.doMock('./ffmpeg', async (original) => ({
    ...(await original<typeof FfmpegModule>()),
    encodeDeadlineMs: () => 1500,
  }));
});
afterAll(() => {
  vi.doUnmock('./ffmpeg');
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function endsCleanly(run: Promise<unknown>): Promise<void> {
  const { FfmpegError } = await import('./ffmpeg');
  const { ffmpegPool } = await import('./ffmpeg-pool');
  const started = Date.now();
  const err = await run.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FfmpegError);
  expect((err as Error).message).toMatch(/^ffmpeg took longer than \d+ s/);
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect.poll(() => processWithArg(hangFor)).toBe(false);
  expect(ffmpegPool.running).toBe(0);
}

describe('a hung ffmpeg', () => {
  it('ends at the deadline every run is given, as an FfmpegError, the process killed', async () => {
    const { runFfmpeg } = await import('./ffmpeg');
    await endsCleanly(
      runFfmpeg(['-f', 'lavfi', '-i', 'color=s=8x8:d=1', '-f', 'null', '-'], { timeoutMs: 1000 }),
    );
  });

  it('ends a digital-human encode (which had no deadline) and leaves no output', async () => {
    const { renderDigitalHumanVideo } = await import('./render-digital-human');
    const outPath = path.join(dir, 'dh.mp4');
    await endsCleanly(renderDigitalHumanVideo({ outPath, avatar, audio: fixture('sample.mp3') }));
    expect(fs.existsSync(outPath)).toBe(false);
  });

  it('ends a video render and a music render', async () => {
    const { renderVideo } = await import('./render-video');
    const { renderMusic } = await import('./render-music');
    await endsCleanly(
      renderVideo({
        outPath: path.join(dir, 'v.mp4'),
        width: 320,
        height: 240,
        durationSec: 2,
        prompt: 'a hung encode',
        audio: false,
        watermark: false,
        references: [],
      }),
    );
    await endsCleanly(
      renderMusic({
        outPath: path.join(dir, 'm.mp3'),
        durationSec: 3,
        prompt: 'calm',
        style: 'ambient',
        title: 'Hung',
      }),
    );
  });
});

describe('encodeDeadlineMs', () => {
  it('grows with the output length and the frame size, a minute at least', () => {
    expect(encodeDeadlineMs(0)).toBe(60_000);
    expect(encodeDeadlineMs(10)).toBe(65_000);
    expect(encodeDeadlineMs(10, 640 * 360)).toBe(110_000);
    expect(encodeDeadlineMs(10, 3840 * 2160)).toBe(260_000);
  });
});
