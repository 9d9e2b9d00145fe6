import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { patternProblem, userMediaArgs } from './media-input';
import { maxAllocArgs, memoryFailure, spawnMedia } from './media-process';
import { mediaTools } from './media-tools';
import { withFfmpegSlot } from './ffmpeg-pool';

/**
 * FFMPEG_PATH, else a current ffmpeg on PATH, else the static build in node_modules (decisions 035,
 * 130): what strangers upload is decoded by the newest binary at hand.
 */
export const FFMPEG_PATH: string = mediaTools().ffmpeg.tool.path;

/** ffmpeg exited non-zero (or could not start); the message ends with the tail of its stderr. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    readonly stderrTail: string,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
  }
}

export interface RunFfmpegOptions {
  signal?: AbortSignal;
  /**
   * Length of the output in seconds; with it, `onProgress` receives the fraction of it written
   * so far (0..1), read from `-progress pipe:1`.
   */
  durationSec?: number;
  onProgress?: (fraction: number) => void;
  /**
   * Kill the process past this. Required: an ffmpeg can hang rather than fail (at a low memory
   * ceiling a refused thread start deadlocks ffmpeg 5.1), and a hung one would hold a pool slot and
   * its task forever. Size it to the work with `encodeDeadlineMs`.
   */
  timeoutMs: number;
}

/** Pixels of one 1080p frame: the unit of `encodeDeadlineMs`'s video allowance. */
const FULL_HD = 1920 * 1080;

/**
 * A deadline for an encode of `outputSec` seconds: a minute to start and finish, plus per output
 * second 5 s for each 1080p worth of frame (`pixels`), or 0.5 s for audio alone. Generous on
 * purpose: it ends a process that stopped working, never a slow one on a busy machine (decision 376).
 */
export function encodeDeadlineMs(outputSec: number, pixels?: number): number {
  const perSecondMs = pixels === undefined ? 500 : 5_000 * Math.max(1, pixels / FULL_HD);
  return Math.round(60_000 + Math.max(0, outputSec) * perSecondMs);
}

const STDERR_KEEP = 8000;

/** The reason an aborted signal carries, as an Error the caller can recognise (`name === 'AbortError'`). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The render was aborted', 'AbortError');
}

/**
 * Runs ffmpeg with `args` (input/output options; `-hide_banner -nostdin -y` and the progress pipe
 * are added here). Resolves when it exits 0. Aborting `signal` kills the process at once
 * (SIGKILL: the output is discarded anyway) and rejects with the signal's reason. The process
 * starts once the shared pool gives the current key a slot (decision 356); `timeoutMs` counts
 * from then.
 */
export function runFfmpeg(args: string[], opts: RunFfmpegOptions): Promise<void> {
  return withFfmpegSlot(() => startFfmpeg(args, opts), opts.signal);
}

function startFfmpeg(args: string[], opts: RunFfmpegOptions): Promise<void> {
  const { signal, durationSec, onProgress } = opts;
  const full = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...maxAllocArgs()];
  if (onProgress) full.push('-progress', 'pipe:1', '-nostats');
  try {
    full.push(...localInputsOnly(args));
  } catch (err) {
    return Promise.reject(err as Error);
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawnMedia(FFMPEG_PATH, full, {
      stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new FfmpegError(`ffmpeg took longer than ${Math.round(opts.timeoutMs / 1000)} s`, tail(stderr)));
    }, opts.timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-STDERR_KEEP);
    });
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const fraction = progressFraction(line, durationSec);
        if (fraction !== undefined && !settled) onProgress!(fraction);
      }
    });
    child.on('error', (err) => finish(new FfmpegError(`ffmpeg could not start (${err.message})`, '')));
    child.on('close', (code, sig) => {
      if (code === 0) {
        if (onProgress && !settled) onProgress(1);
        return finish();
      }
      const memory = memoryFailure('ffmpeg', sig, stderr);
      if (memory) return finish(new FfmpegError(memory, ''));
      finish(new FfmpegError(`ffmpeg failed (${sig ? `signal ${sig}` : `exit code ${code}`})`, tail(stderr)));
    });
  });
}

/**
 * One line of `-progress` output as a fraction of `durationSec`. `out_time_us` is the written
 * length in microseconds (old builds print the same number as `out_time_ms`, despite the name).
 */
export function progressFraction(line: string, durationSec: number | undefined): number | undefined {
  const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
  if (m) {
    if (!durationSec || durationSec <= 0) return undefined;
    return Math.min(1, Math.max(0, Number(m[1]) / 1e6 / durationSec));
  }
  if (line.trim() === 'progress=end') return 1;
  return undefined;
}

function tail(stderr: string): string {
  const lines = stderr.trim().split('\n').filter(Boolean);
  return lines.slice(-6).join(' | ').slice(-1500);
}

/**
 * Escapes a value (a file path) for a filter option inside a filtergraph. Two parsers read it in
 * turn: the option parser (special: `\\ ' :`) and then, outside-in, the graph parser (special:
 * `\\ ' [ ] , ;`), so each level's escaping is applied in reverse order.
 */
export function filterValue(value: string): string {
  return value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');
}

/** `scheme://` or `scheme:` other than a lavfi graph's `name=...` or a Windows drive letter. */
const URL_LIKE = /^[a-z][a-z0-9+.-]+:/i;

/**
 * `args` with the input options of decisions 098 and 353 before every `-i`. An input without `-f`
 * is user media: only USER_MEDIA_FORMATS and the file protocol, so neither a URL that slips through
 * the URL guard nor a playlist inside a file can make ffmpeg open anything else. An input the server
 * forced with `-f` (a lavfi graph, raw PCM, a concat list it wrote) may be that format too. A URL-like
 * input, or a path image2 would read as a sequence, is refused before ffmpeg starts.
 */
export function localInputsOnly(args: string[]): string[] {
  const out: string[] = [];
  let forced: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-f') forced = args[i + 1];
    if (arg === '-i') {
      const input = args[i + 1] ?? '';
      if (URL_LIKE.test(input) && !input.startsWith('pipe:') && forced !== 'lavfi')
        throw new FfmpegError(`ffmpeg is given local files only, not ${input.split(/[?#]/)[0]}`, '');
      const pattern = forced ? undefined : patternProblem(input);
      if (pattern) throw new FfmpegError(pattern, '');
      out.push(...userMediaArgs(forced));
      forced = undefined;
    }
    out.push(arg);
  }
  return out;
}

/**
 * H.264 options for a render of `width`x`height` at `fps`. The encoder is most of a render's CPU
 * and its cost follows the pixel count: from 1080p up `ultrafast` (about 2.5x less CPU than
 * `veryfast`, files about 2.5x larger), below it `veryfast` (decision 036 has the figures).
 */
export function h264Options(width: number, height: number, fps: number): string[] {
  const preset = width * height >= 1920 * 1080 * 0.9 ? 'ultrafast' : 'veryfast';
  return ['-c:v', 'libx264', '-preset', preset, '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(fps)];
}

/**
 * Runs a render with a scratch directory of its own, removed afterwards; a render that fails also
 * removes `outPath`, so a half-written file is never served.
 */
export async function renderInScratch<T>(
  prefix: string,
  outPath: string,
  render: (work: string) => Promise<T>,
): Promise<T> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    return await render(work);
  } catch (err) {
    await fs.rm(outPath, { force: true });
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** ffmpeg's progress scaled into what is left after a preparation that took `share` of the work. */
export function afterPreparing(
  onProgress: ((fraction: number) => void) | undefined,
  share: number,
): ((fraction: number) => void) | undefined {
  return onProgress && ((f) => onProgress(share + (1 - share) * f));
}
