import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { FfmpegError, runFfmpeg } from '../../media/ffmpeg';
import { checkedMedia, MediaRefusal } from '../../media/media-bounds';
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
  req: { url: string; at?: number; origin: string; requestId: string },
  signal: AbortSignal,
): Promise<Buffer> {
  const { url, at, origin, requestId } = req;
  const source = await localSource(ctx, url, 'url', origin, signal);
  const out = path.join(storyboardTempDir(ctx), `frame-${process.hrtime.bigint()}.png`);
  try {
    // A playlist, or a frame bomb whose end cannot be sought (a GIF decodes whole), stops here.
    await checkedMedia(source.file, signal);
    let png: Buffer | undefined;
    // The last quarter second first (a few frames to decode and encode); a clip of a lower frame
    // rate has no frame there, so a longer tail, then the whole clip, are read in turn.
    // A chosen second first (one frame); past the clip's end it decodes none, and the last frame
    // is taken as when none was chosen.
    const seeks: string[][] = [['-sseof', '-0.25'], ['-sseof', '-2'], []];
    if (at !== undefined) seeks.unshift(['-ss', at.toFixed(3)]);
    for (const seek of seeks) {
      await runFfmpeg(
        [
          ...seek,
          ...[
            '-i',
            source.file,
            '-an',
            // At a chosen second: that one frame, not every frame after it.
            ...(seek[0] === '-ss' ? ['-frames:v', '1'] : []),
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
    if (err instanceof MediaRefusal)
      throw new ApiError(
        422,
        `The last frame of url could not be taken: ${err.message}. Give the URL of a video task's result (MP4) (request id ${requestId}).`,
        { code: 'not_a_video', param: 'url' },
      );
    if (err instanceof FfmpegError) {
      // ffmpeg's text names paths and what it tried to open (a playlist's entries): it would tell a
      // caller which files exist here. It goes to the log under the request id; the caller gets
      // the reason and the id (decision 356).
      ctx.log.warn('storyboard last frame failed', {
        request_id: requestId,
        error: err.message.slice(0, 2000),
      });
      throw new ApiError(
        422,
        `The last frame of url could not be taken: it is not a video this server can read. Give the URL of a video task's result (MP4); if it is one, report request id ${requestId}.`,
        { code: 'not_a_video', param: 'url' },
      );
    }
    throw err;
  } finally {
    await source.release();
    await fs.promises.rm(out, { force: true }).catch(() => undefined);
  }
}
