import { runFfmpeg } from './ffmpeg';

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
  await runFfmpeg(
    [
      '-i',
      input.source,
      '-an',
      '-vf',
      `thumbnail=50,scale=${input.width}:-2:flags=bicubic`,
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
