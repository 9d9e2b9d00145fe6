import type { AppContext } from '../../context';
import { type MediaProbe, probeMedia } from '../../media/probe';
import { removeQuietly, tempPathFor } from './asset-files';
import { downloadTo } from './asset-source';
import { guardedFetch, urlGuardActive } from '../outbound/url-guard';

/**
 * Duration and streams of a source URL that is not stored (mode=asset). On loopback ffprobe reads
 * the URL itself, reading only what it needs. Off loopback it must not: ffprobe resolves the name
 * again and follows redirects on its own, past the URL guard (decision 098), so the file is
 * fetched through the guard into DATA_DIR/tmp/assets (bounded by MAX_UPLOAD_BYTES, removed after,
 * swept at start after a crash) and probed there. Throws SourceUnreachableError (or its refusal
 * subclass) when the fetch fails, ProbeError when the media cannot be read.
 */
export async function probeSourceUrl(
  ctx: AppContext,
  assetId: string,
  url: string,
  opts: { timeoutMs: number; signal: AbortSignal },
): Promise<MediaProbe> {
  if (!urlGuardActive(ctx.config)) return probeMedia(url, opts);
  const file = tempPathFor(ctx, assetId);
  try {
    await downloadTo(url, file, {
      maxBytes: ctx.config.maxUploadBytes,
      signal: opts.signal,
      fetch: guardedFetch(ctx.config, ctx.urlGuard),
    });
    return await probeMedia(file, opts);
  } finally {
    await removeQuietly(file);
  }
}
