import { abortReason, FfmpegError, localInputsOnly } from './ffmpeg';
import { type MediaProbe, ProbeError, probeMedia } from './probe';

/**
 * The largest picture accepted (README, "Assets"; decision 283): 16,384 px a side and 64
 * megapixels a frame, for images and videos alike. A PNG header can declare 60000×60000 in a few
 * bytes; whatever decodes it later (a render, a browser) would need gigabytes.
 */
export const MAX_PICTURE_SIDE = 16_384;
export const MAX_PICTURE_PIXELS = 64_000_000;

/**
 * The decoded work accepted (decision 353): frames × width × height. A side limit alone let a
 * 460 KB GIF declare 20,000 frames of 8000×8000, which a thumbnail or a last frame then decodes
 * whole. An image, animated or not, may decode to 2 gigapixels (31 frames at 64 MP, 960 at 1080p);
 * a video to 450 gigapixels (an hour of 1080p at 60 fps, 15 minutes of 4K at 60 fps).
 */
export const MAX_IMAGE_DECODED_PIXELS = 2e9;
export const MAX_VIDEO_DECODED_PIXELS = 450e9;

const gigapixels = (n: number) => `${Number((n / 1e9).toPrecision(3)).toLocaleString('en')} gigapixels`;

/** Why the picture in `probe` is beyond these bounds, said for a person; undefined when within them. */
export function boundsProblem(probe: MediaProbe): string | undefined {
  const pic = probe.picture;
  if (!pic || pic.width <= 0 || pic.height <= 0) return undefined;
  const { width, height, frames } = pic;
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || width * height > MAX_PICTURE_PIXELS) {
    return `it is ${width}×${height} pixels, larger than the ${MAX_PICTURE_SIDE.toLocaleString('en')} px a side and ${MAX_PICTURE_PIXELS / 1_000_000} megapixels this service accepts`;
  }
  const budget = probe.hasVideo ? MAX_VIDEO_DECODED_PIXELS : MAX_IMAGE_DECODED_PIXELS;
  const decoded = frames * width * height;
  if (decoded > budget) {
    return `it decodes to ${frames.toLocaleString('en')} frames of ${width}×${height} pixels (${gigapixels(decoded)}), more than the ${gigapixels(budget)} this service decodes for ${probe.hasVideo ? 'a video' : 'an image'}`;
  }
  return undefined;
}

/**
 * A refusal this server words itself about a caller's media (a playlist, a frame bomb): safe to show,
 * unlike ffmpeg's own text, which names paths.
 */
export class MediaRefusal extends FfmpegError {
  override name = 'MediaRefusal';
  constructor(reason: string) {
    super(reason, '');
  }
}

/**
 * Probes user media again right before ffmpeg works on it (a last frame, a thumbnail, a reference
 * card): a file stored before these bounds, or one fetched by URL, is held to them too. Throws an
 * FfmpegError without ffmpeg output (its message is this server's and safe to show) when the file
 * is no media this service reads or is beyond the bounds; resolves with the probe otherwise.
 */
export async function checkedMedia(file: string, signal?: AbortSignal): Promise<MediaProbe> {
  // The refusals runFfmpeg would make (a URL, a path read as a sequence), before ffprobe is asked.
  localInputsOnly(['-i', file]);
  let probe: MediaProbe;
  try {
    probe = await probeMedia(file, { signal, timeoutMs: 20_000 });
  } catch (err) {
    if (signal?.aborted) throw abortReason(signal);
    // A busy pool (429/503 with Retry-After) is the caller's answer as it is, not a verdict on the file.
    if (!(err instanceof ProbeError)) throw err;
    if (err.toolText) throw new FfmpegError('not readable as media', err.toolText);
    throw new MediaRefusal(err.message);
  }
  const problem = boundsProblem(probe);
  if (problem) throw new MediaRefusal(problem);
  return probe;
}
