import { unsupportedContainer, USER_MEDIA_FORMATS, userMediaArgs } from './media-input';
import { maxAllocArgs, memoryFailure, spawnMedia } from './media-process';
import { mediaTools } from './media-tools';
import { withFfmpegSlot } from './ffmpeg-pool';

/** FFPROBE_PATH, else a current ffprobe on PATH, else the one in node_modules (decision 130). */
export const FFPROBE_PATH: string = mediaTools().ffprobe.tool.path;

export interface MediaProbe {
  /** Seconds; 0 when the container states none (a still image). */
  duration: number;
  formatName: string;
  /** A moving-picture stream (not a still image, not an mp3's cover art). */
  hasVideo: boolean;
  hasAudio: boolean;
  /**
   * The first picture stream (a still image's, or a video's): codec, size and how many frames it
   * decodes to (counted from its packets for a local file), when there is one.
   */
  picture?: { codec: string; width: number; height: number; frames: number };
}

/**
 * ffprobe could not read the input as media; `message` is its own complaint, made readable.
 * `toolText` is set when the message quotes ffprobe (worth logging, not showing everywhere).
 */
export class ProbeError extends Error {
  override name = 'ProbeError';
  constructor(
    message: string,
    readonly toolText?: string,
  ) {
    super(message);
  }
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  nb_read_packets?: string;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number; still_image?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

/** Single-frame image formats ffprobe reports as a "video" stream. */
const STILL_IMAGE_CODECS = new Set(['png', 'jpegls', 'gif', 'webp', 'bmp', 'tiff', 'svg', 'av1_image']);
const STILL_IMAGE_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|bmp_pipe|gif|svg_pipe|tiff_pipe)(,|$)/;

function seconds(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Reads duration and stream kinds of a local file or an http(s) URL with ffprobe, bounded by
 * `timeoutMs` (the process is killed past it) and cancellable with `signal`. The file is opened
 * only as one of USER_MEDIA_FORMATS (decision 353): a playlist or script fails, named as such.
 */
export function probeMedia(
  input: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<MediaProbe> {
  // In a slot of the shared pool, like every ffmpeg (decision 356); the timeout counts from the start.
  return withFfmpegSlot(() => startProbe(input, opts), opts.signal);
}

function startProbe(input: string, opts: { timeoutMs?: number; signal?: AbortSignal }): Promise<MediaProbe> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const remote = /^https?:/i.test(input);
  const args = ['-v', 'error', ...maxAllocArgs(), '-print_format', 'json', '-show_format', '-show_streams'];
  // For URLs: give up on a stalled socket rather than hanging until the outer timeout, and reach
  // nothing but the web. A local file may open nothing but itself (decision 098); its packets are
  // counted (a read, not a decode) so that the frames it decodes to are known (decision 353).
  if (remote) {
    args.push('-rw_timeout', String(Math.max(1, timeoutMs) * 1000));
    args.push('-format_whitelist', USER_MEDIA_FORMATS.join(','), '-protocol_whitelist', 'http,https,tcp,tls');
  } else args.push(...userMediaArgs(), '-pattern_type', 'none', '-count_packets');
  args.push('--', input);
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ProbeError('probe cancelled'));
    const child = spawnMedia(FFPROBE_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (err: Error | undefined, value?: MediaProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(value!);
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(new ProbeError('probe cancelled'));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new ProbeError(`reading the media took longer than ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 4000) stderr += d;
    });
    child.on('error', (err) => finish(new ProbeError(`ffprobe could not start: ${err.message}`)));
    child.on('close', (code, sig) => {
      if (code !== 0) {
        const memory = memoryFailure('ffprobe', sig, stderr);
        if (memory) return finish(new ProbeError(`not readable as media (${memory})`));
        void unsupportedContainer(remote ? undefined : input, stderr).then((container) => {
          if (container) return finish(new ProbeError(container));
          // ffprobe prefixes its complaint with the input ("<path or url>: Invalid data ..."); keep the complaint.
          const reason = stderr.trim().split('\n').pop()?.split(': ').pop()?.trim() || `exit code ${code}`;
          finish(new ProbeError(`not readable as media (${reason})`, stderr.trim().slice(-1500)));
        });
        return;
      }
      try {
        finish(undefined, interpret(JSON.parse(stdout) as FfprobeOutput, stderr));
      } catch {
        finish(new ProbeError('ffprobe returned no usable description of the media'));
      }
    });
  });
}

function interpret(out: FfprobeOutput, stderr = ''): MediaProbe {
  const streams = out.streams ?? [];
  const formatName = out.format?.format_name ?? '';
  const still = STILL_IMAGE_FORMATS.test(formatName);
  const hasVideo = streams.some(
    (s) =>
      s.codec_type === 'video' &&
      !still &&
      s.disposition?.attached_pic !== 1 &&
      s.disposition?.still_image !== 1 &&
      !STILL_IMAGE_CODECS.has(s.codec_name ?? ''),
  );
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const duration = seconds(out.format?.duration) || Math.max(0, ...streams.map((s) => seconds(s.duration)));
  const first = streams.find((s) => s.codec_type === 'video');
  // A size ffprobe itself finds too large is reported as 0×0, with the declared size on stderr.
  const refused = /Picture size (\d+)x(\d+) is invalid/.exec(stderr);
  const picture = first
    ? {
        codec: first.codec_name ?? '',
        width: Number(first.width) || Number(refused?.[1]) || 0,
        height: Number(first.height) || Number(refused?.[2]) || 0,
        frames: frameCount(first, duration),
      }
    : undefined;
  return { duration, formatName, hasVideo, hasAudio, ...(picture ? { picture } : {}) };
}

/**
 * Frames a picture stream decodes to: its packets when they were counted (exact, whatever the
 * header claims), else the count the container states, else duration × average rate; at least 1.
 */
function frameCount(stream: FfprobeStream, duration: number): number {
  const counted = Number(stream.nb_read_packets);
  if (counted > 0) return counted;
  const stated = Number(stream.nb_frames);
  if (stated > 0) return stated;
  const [num, den] = (stream.avg_frame_rate ?? '').split('/').map(Number);
  const fps = num && den ? num / den : 0;
  return Math.max(1, Math.ceil((seconds(stream.duration) || duration) * fps));
}
