import path from 'node:path';
import type { AssetType } from '@contract/asset';
import type { AppContext } from '../../context';
import { boundsProblem } from '../../media/media-bounds';
import { type MediaProbe, ProbeError, probeMedia } from '../../media/probe';
import type { AssetPatch, AssetRow } from '../../store/assets';
import { moveIntoStore, removeQuietly, storedAbsPath, storedRelPath, tempPathFor } from './asset-files';
import { technicalFailure } from './asset-lifecycle';
import { resolveContentType, safeFileName } from './asset-media-types';
import { guardedFetch } from '../outbound/url-guard';
import { downloadTo, SourceUnreachableError, unreachableSyncError } from './asset-source';
import { shownSourceCause } from './source-privacy';
import { probeSourceUrl } from './source-probe';
import { shownFfmpegText } from '../../media/ffmpeg-text';

/** Real time allowed to read a file's streams; a URL probe includes the network. */
const PROBE_TIMEOUT_MS = 20_000;

/** ffprobe's codec of each raster image type this service takes. */
const IMAGE_CODECS: Record<string, string> = {
  png: 'image/png',
  apng: 'image/png',
  mjpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
};

function imageProblem(probe: MediaProbe, declared: string): string | undefined {
  const pic = probe.picture;
  const real = pic ? IMAGE_CODECS[pic.codec] : undefined;
  if (!pic || !real || probe.hasAudio) return 'it is not a PNG, JPEG, WebP, GIF, BMP or TIFF image';
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/') && type !== real && !(type === 'image/jpg' && real === 'image/jpeg')) {
    return `it was sent as ${type} but is really ${real}`;
  }
  if (pic.width <= 0 || pic.height <= 0) return 'its dimensions cannot be determined';
  return boundsProblem(probe);
}

function mediaProblem(type: AssetType, probe: MediaProbe): string | undefined {
  if (type === 'video' && !probe.hasVideo) return 'it contains no video stream';
  if (type === 'audio' && !probe.hasAudio) return 'it contains no audio stream';
  if (probe.duration <= 0) return 'its duration cannot be determined';
  return boundsProblem(probe);
}

function unreadable(type: AssetType, reason: string, fromUrl: boolean): string {
  const fix = fromUrl
    ? `Check that the URL serves a valid ${type} file and is publicly reachable, then register it again.`
    : `Upload a valid ${type} file (for example PNG or JPEG images, MP4/H.264 video, MP3 or WAV audio), or upload it with the type it really has.`;
  return `The file could not be read as ${type}: ${reason}. ${fix}`;
}

/** ffprobe's complaint, unless it names paths or what the file points to: that goes to the log only. */
function shownProbeError(ctx: AppContext, row: AssetRow, err: Error): string {
  const shown = shownFfmpegText(err.message, 'its contents are not media this server reads');
  if (shown !== err.message) ctx.log.warn('asset probe refused', { asset_id: row.id, error: err.message });
  return shown;
}

function urlFileName(url: string): string {
  try {
    return path.posix.basename(decodeURIComponent(new URL(url).pathname));
  } catch {
    return '';
  }
}

/**
 * The real work of the syncing stage: for mode=oss|both, download a copy and store it; for audio
 * and video, read the duration with ffprobe (from the stored copy, the upload, or the source URL
 * itself for mode=asset) and check the declared type really has such a stream. Resolves with the
 * patch to apply: the findings (`work_state: done`) or a failure with `sync_error`. Rejects only
 * when `signal` aborted (the worker is stopping; the work is redone after the restart).
 */
export async function prepareAsset(ctx: AppContext, row: AssetRow, signal: AbortSignal): Promise<AssetPatch> {
  let tempPath: string | undefined;
  const found: AssetPatch = { work_state: 'done' };
  try {
    let localPath = row.file_path ? storedAbsPath(ctx, row.file_path) : undefined;
    if (row.origin === 'url' && row.mode !== 'asset' && !row.file_path) {
      tempPath = tempPathFor(ctx, row.id);
      const got = await downloadTo(row.source_url, tempPath, {
        maxBytes: ctx.config.maxUploadBytes,
        signal,
        fetch: guardedFetch(ctx.config, ctx.urlGuard),
      });
      const name = urlFileName(row.source_url);
      const contentType = row.content_type || resolveContentType(got.contentType, name);
      const relPath = storedRelPath(row.owner, row.id, safeFileName(name, contentType));
      localPath = await moveIntoStore(ctx, tempPath, relPath);
      tempPath = undefined;
      Object.assign(found, { file_path: relPath, size: got.size, content_type: contentType });
    }
    if (row.type === 'audio' || row.type === 'video' || row.type === 'image') {
      const fromUrl = !localPath;
      let probe: MediaProbe;
      try {
        probe = localPath
          ? await probeMedia(localPath, { timeoutMs: PROBE_TIMEOUT_MS, signal })
          : await probeSourceUrl(ctx, row.id, row.source_url, { timeoutMs: PROBE_TIMEOUT_MS, signal });
      } catch (err) {
        if (!(err instanceof ProbeError) || signal.aborted) throw err;
        const said = shownProbeError(ctx, row, err);
        const reason = fromUrl ? await shownSourceCause(ctx, row.source_url, said) : said;
        return { ...found, ...technicalFailure(unreadable(row.type, reason, fromUrl)) };
      }
      const declared = (found.content_type as string | undefined) ?? row.content_type ?? '';
      const problem = row.type === 'image' ? imageProblem(probe, declared) : mediaProblem(row.type, probe);
      if (problem) return { ...found, ...technicalFailure(unreadable(row.type, problem, fromUrl)) };
      if (row.type !== 'image') found.duration = Math.round(probe.duration * 1000) / 1000;
    }
    return found;
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof SourceUnreachableError) {
      return technicalFailure(unreachableSyncError(await shownSourceCause(ctx, row.source_url, err.message)));
    }
    // Anything else (disk full, a bug) fails this asset rather than retrying it forever.
    ctx.log.error('asset preparation failed', { asset_id: row.id, error: String(err) });
    const code = (err as NodeJS.ErrnoException)?.code ?? 'internal error';
    return {
      ...found,
      ...technicalFailure(
        `The service could not prepare this asset (${code}). Register it again; if it keeps failing, report this asset_id.`,
      ),
    };
  } finally {
    await removeQuietly(tempPath);
  }
}
