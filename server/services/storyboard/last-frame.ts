import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { FfmpegError, runFfmpeg } from '../../media/ffmpeg';
import { checkedMedia } from '../../media/media-bounds';
import { localSource, storyboardTempDir } from './media-source';

/** A last frame is one decode of the final second: past this the source is not a short clip. */
export const LAST_FRAME_TIMEOUT_MS = 20_000;

/**
 * The last frame of a result video as PNG bytes. ffmpeg seeks near the end and keeps overwriting
 * one image (`-update 1`), so what remains is the final decoded frame. Fast PNG compression: the
 * frame is uploaded once and re-encoded by the deployment anyway.
 */
export async function lastFrame(
  ctx: AppContext,
  url: unknown,
  origin: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const source = await localSource(ctx, url, 'url', origin, signal);
  const out = path.join(storyboardTempDir(ctx), `frame-${process.hrtime.bigint()}.png`);
  try {
    // A playlist, or a frame bomb whose end cannot be sought (a GIF decodes whole), stops here.
    await checkedMedia(source.file, signal);
    let png: Buffer | undefined;
    // The last quarter second first (a few frames to decode and encode); a clip of a lower frame
    // rate has no frame there, so a longer tail, then the whole clip, are read in turn.
    for (const tail of ['-0.25', '-2', undefined]) {
      await runFfmpeg(
        [
          ...(tail ? ['-sseof', tail] : []),
          ...[
            '-i',
            source.file,
            '-an',
            '-update',
            '1',
            '-f',
            'image2',
            '-c:v',
            'png',
            '-compression_level',
            '1',
            out,
          ],
        ],
        { signal, timeoutMs: LAST_FRAME_TIMEOUT_MS },
      );
      png = await fs.promises.readFile(out).catch(() => undefined);
      if (png && png.length > 0) break;
    }
    if (!png || png.length === 0) throw new FfmpegError('no frame was decoded', '');
    return png;
  } catch (err) {
    if (err instanceof FfmpegError)
      throw new ApiError(
        422,
        `The last frame of url could not be taken: ${err.message}. Check that it is a video.`,
        {
          code: 'not_a_video',
          param: 'url',
        },
      );
    throw err;
  } finally {
    await source.release();
    await fs.promises.rm(out, { force: true }).catch(() => undefined);
  }
}
