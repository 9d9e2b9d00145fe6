import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * The default memory ceiling of each ffmpeg and ffprobe process (FFMPEG_MEMORY_BYTES, decision
 * 353): 1 GiB and 256 MiB per core, because what the server's own work needs grows with the
 * threads ffmpeg and libx264 start (about 1.5 per core). Measured, the largest assembly (four
 * 4096x2304 shots) passes at 1.5 GiB with 2 cores, 3 GiB with 8 and 5 GiB with 16; a thumbnail
 * of a frame bomb wanted 13 GB.
 */
export const DEFAULT_MEMORY_BYTES = 1024 ** 3 + 256 * 1024 ** 2 * os.availableParallelism();
/** Below this ffmpeg 5.1 can hang instead of failing (a refused thread start deadlocks it). */
const MIN_MEMORY_BYTES = 256 * 1024 ** 2;

/** FFMPEG_MEMORY_BYTES as a number of bytes; throws an Error naming the variable when it is not one. */
export function memoryCeiling(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FFMPEG_MEMORY_BYTES?.trim();
  if (!raw) return DEFAULT_MEMORY_BYTES;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < MIN_MEMORY_BYTES)
    throw new Error(
      `FFMPEG_MEMORY_BYTES must be a whole number of bytes, at least ${MIN_MEMORY_BYTES} (256 MiB), got "${raw}".`,
    );
  return n;
}

/** `1 GiB`, `512 MiB`: the ceiling as people read it. */
export function shownBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${Number(gib.toFixed(2))} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;
}

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => fs.existsSync(file));

/**
 * The command that runs `file args` under the ceiling. RLIMIT_DATA, not RLIMIT_AS: it counts what
 * the process allocates (heap and private mappings), not the libraries it maps nor the address
 * space glibc reserves per thread, so the same ceiling means the same thing for Debian's shared
 * ffmpeg and the static one (decision 353). util-linux's prlimit where there is one (Debian has it
 * in every image), else the shell's ulimit; both exec the tool, so signals reach it directly.
 * Elsewhere than Linux the tool runs as it is (macOS does not enforce the limit).
 */
export function mediaCommand(
  file: string,
  args: readonly string[],
  bytes = memoryCeiling(),
): { command: string; args: string[] } {
  if (process.platform !== 'linux') return { command: file, args: [...args] };
  if (PRLIMIT) return { command: PRLIMIT, args: [`--data=${bytes}`, '--', file, ...args] };
  const kib = Math.floor(bytes / 1024);
  return { command: '/bin/sh', args: ['-c', `ulimit -d ${kib} && exec "$0" "$@"`, file, ...args] };
}

/**
 * ffmpeg's own bound on one allocation (`-max_alloc`, both ffmpeg and ffprobe, every version in
 * use): a single buffer larger than the ceiling fails inside ffmpeg with a message rather than at
 * the kernel, and where no rlimit is enforced it is the only bound.
 */
export function maxAllocArgs(bytes = memoryCeiling()): string[] {
  return ['-max_alloc', String(Math.min(bytes, 2 ** 31 - 1))];
}

/** Spawns an ffmpeg or ffprobe under the memory ceiling (options as child_process.spawn's). */
export function spawnMedia(file: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const { command, args: full } = mediaCommand(file, args);
  return spawn(command, full, options);
}

const OUT_OF_MEMORY = /cannot allocate memory|malloc of size \d+ failed|out of memory|bad_alloc|max_alloc/i;
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGBUS', 'SIGABRT']);

/**
 * The readable reason when a process ended at the ceiling: an allocation it reported as failed,
 * or a crash (a library that does not check its allocations dies on the first one refused; a crash
 * is said to be possibly that, no more). Undefined for any other failure.
 */
export function memoryFailure(
  tool: 'ffmpeg' | 'ffprobe',
  signal: NodeJS.Signals | null,
  stderr: string,
): string | undefined {
  const ceiling = `the ${shownBytes(memoryCeiling())} each media process may use on this server (FFMPEG_MEMORY_BYTES)`;
  if (OUT_OF_MEMORY.test(stderr)) return `${tool} needed more memory than ${ceiling}`;
  if (signal && CRASH_SIGNALS.has(signal))
    return `${tool} crashed (${signal}), possibly for want of memory beyond ${ceiling}`;
  return undefined;
}
