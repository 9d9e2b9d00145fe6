import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FfmpegError, runFfmpeg } from './ffmpeg';
import { DEFAULT_MEMORY_BYTES, memoryCeiling } from './media-process';

/*
 * Issue 41 §2: one last-frame call took 1.3 GB and a thumbnail 13 GB, with no ceiling. Every
 * ffmpeg and ffprobe now runs under FFMPEG_MEMORY_BYTES (decision 353), and one that reaches it
 * fails with a message that says so.
 */

afterEach(() => vi.unstubAllEnvs());

/** The pid of the process whose command line holds `needle` and that is not a wrapper shell. */
function pidWithArg(needle: string): number | undefined {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.includes(needle) && /ffmpeg$/.test(argv[0]!)) return Number(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

async function waitFor<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(process.platform === 'linux')('the memory ceiling of every media process', () => {
  it('a running ffmpeg has the ceiling as its data limit (1 GiB and 256 MiB a core by default)', async () => {
    const tag = `ceiling-${process.hrtime.bigint()}`;
    const abort = new AbortController();
    const run = runFfmpeg(
      [
        '-re',
        '-f',
        'lavfi',
        '-i',
        'color=s=16x16:r=5:d=30',
        '-metadata',
        `comment=${tag}`,
        '-f',
        'null',
        '-',
      ],
      { signal: abort.signal, timeoutMs: 120_000 },
    ).catch(() => undefined);
    try {
      const pid = await waitFor(() => pidWithArg(`comment=${tag}`));
      const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
      const line = limits.split('\n').find((l) => l.startsWith('Max data size'))!;
      expect(line.split(/\s{2,}/).slice(1, 3)).toEqual([
        String(DEFAULT_MEMORY_BYTES),
        String(DEFAULT_MEMORY_BYTES),
      ]);
    } finally {
      abort.abort();
      await run;
    }
  });

  it('an ffmpeg that needs more than the ceiling fails with a message naming it, not a crash', async () => {
    vi.stubEnv('FFMPEG_MEMORY_BYTES', String(256 * 1024 ** 2));
    // Two 8192×8192 RGBA frames: 256 MiB each, more than the whole ceiling.
    const err = await runFfmpeg(
      ['-f', 'lavfi', '-i', 'color=s=8192x8192', '-frames:v', '2', '-vf', 'format=rgba', '-f', 'null', '-'],
      { timeoutMs: 60_000 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as Error).message).toBe(
      'ffmpeg needed more memory than the 256 MiB each media process may use on this server (FFMPEG_MEMORY_BYTES)',
    );
  });

  it('reads FFMPEG_MEMORY_BYTES, refusing what is not a number of bytes of at least 256 MiB', () => {
    expect(memoryCeiling({})).toBe(1024 ** 3 + 256 * 1024 ** 2 * os.availableParallelism());
    expect(memoryCeiling({ FFMPEG_MEMORY_BYTES: '2147483648' })).toBe(2 * 1024 ** 3);
    for (const bad of ['1g', '-1', '1000', '1.5e9'])
      expect(() => memoryCeiling({ FFMPEG_MEMORY_BYTES: bad }), bad).toThrow(/FFMPEG_MEMORY_BYTES must be/);
  });
});
