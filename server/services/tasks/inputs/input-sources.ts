import { parseAssetReference } from '@contract/asset';
import type { AppContext } from '../../../context';
import { getAssetForOwner } from '../../../store/assets';
import { existingStoredFile, storedPathOf } from '../../assets/asset-files';

/**
 * The path below `/files/` when `url` addresses a stored file of this server: a `/files/...` path,
 * or an absolute URL whose origin is the one the request came through. Undefined otherwise.
 */
export function filesRelPath(url: string, origin: string): string | undefined {
  let pathname: string;
  const text = url.trim();
  if (text.startsWith('/files/')) {
    pathname = text.split(/[?#]/)[0]!;
  } else {
    try {
      const u = new URL(text);
      if (u.origin !== origin || !u.pathname.startsWith('/files/')) return undefined;
      pathname = u.pathname;
    } catch {
      return undefined;
    }
  }
  return storedPathOf(pathname.slice('/files/'.length));
}

/** A media input that no longer resolves (its asset or stored file went away after creation). */
export class InputUnavailableError extends Error {
  override name = 'InputUnavailableError';
}

/**
 * Where a media input of a task is read from: an `Asset://` reference becomes the asset's stored
 * copy when it has one, else its source URL; a `/files/...` URL of this server becomes the local
 * file; any other http(s) URL stays a URL, which reference-files.ts fetches through the URL guard
 * before ffmpeg sees it (decision 098).
 */
export function renderSource(ctx: AppContext, owner: string, url: string, origin: string): string {
  const assetId = parseAssetReference(url);
  if (assetId) {
    const asset = getAssetForOwner(ctx.db, owner, assetId);
    if (!asset) throw new InputUnavailableError(`asset ${assetId} no longer exists`);
    const stored = asset.file_path ? existingStoredFile(ctx, asset.file_path) : undefined;
    return stored ?? asset.source_url;
  }
  const rel = filesRelPath(url, origin);
  if (rel) {
    const file = existingStoredFile(ctx, rel);
    if (!file) throw new InputUnavailableError(`the stored file /files/${rel} no longer exists`);
    return file;
  }
  return url.trim();
}
