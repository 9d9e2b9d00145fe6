import { runFfmpeg } from './ffmpeg';
import { checkedMedia } from './media-bounds';

/**
 * Memory the `thumbnail` filter may hold in frames: it keeps every frame it compares, 50 frames of
 * a 64-megapixel GIF were 13 GB. Fewer frames are compared as the picture grows (one at 64 MP).
 */
const THUMBNAIL_FRAME_BYTES = 256 * 1024 ** 2;

/**
 * A PNG thumbnail of a local image or video (decision 292): ffmpeg's `thumbnail` filter picks the
 * most representative of the first frames (a still image has one), scaled to `width`, height
 * following the aspect ratio. The input is a local file only (decision 098).
 */
export async function renderThumbnail(input: {
  source: string;
  outPath: string;
  width: number;
  signal?: AbortSignal;
}): Promise<void> {
  const { picture } = await checkedMedia(input.source, input.signal);
  const frameBytes = Math.max(1, (picture?.width ?? 0) * (picture?.height ?? 0) * 4);
  const compared = Math.max(1, Math.min(50, Math.floor(THUMBNAIL_FRAME_BYTES / frameBytes)));
  await runFfmpeg(
    [
      '-i',
      input.source,
      '-an',
      '-vf',
      `thumbnail=${compared},scale=${input.width}:-2:flags=bicubic`,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      input.outPath,
    ],
    { signal: input.signal, timeoutMs: 60_000 },
  );
}
