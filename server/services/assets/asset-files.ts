import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { fileOwnerSegment } from '../file-owner';

/**
 * Stored copies live in DATA_DIR/files/<owner-segment>/<asset_id>/<safe-name> and are served as
 * /files/<owner-segment>/<asset_id>/<safe-name>; the owner segment is an HMAC of the owner under a
 * server secret (services/file-owner.ts), never derived from the key alone. Partial files are written under DATA_DIR/tmp/assets and
 * renamed into place only when complete, so /files/ never shows half a file and a crash leaves
 * nothing but temp files (removed at the next start).
 */
export function filesRoot(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'files');
}

export function assetTempDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'tmp', 'assets');
}

/** A fresh temp path for one asset's incoming bytes (the directory is created). */
export function tempPathFor(ctx: AppContext, assetId: string): string {
  const dir = assetTempDir(ctx);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${assetId}-${process.hrtime.bigint()}.part`);
}

/** Where a file of `owner` for `id` (an asset, a task…) is stored, relative to DATA_DIR/files. */
export function storedRelPath(owner: string, assetId: string, safeName: string): string {
  return `${fileOwnerSegment(owner)}/${assetId}/${safeName}`;
}

/** Atomically moves a complete temp file to its stored place (same file system: a rename). */
export async function moveIntoStore(ctx: AppContext, tempPath: string, relPath: string): Promise<string> {
  const dest = path.join(filesRoot(ctx), ...relPath.split('/'));
  await fs.promises.mkdir(path.dirname(dest), { recursive: true });
  await fs.promises.rename(tempPath, dest);
  return dest;
}

/** Absolute path of a stored copy, for services (ffmpeg) that read it directly. */
export function storedAbsPath(ctx: AppContext, relPath: string): string {
  return path.join(filesRoot(ctx), ...relPath.split('/'));
}

/** Every stored path segment is written by safeFileName/newId; anything else cannot be ours. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * The stored path that the part of a URL below `/files/` names, or undefined when it cannot name
 * one: each segment, decoded, must be a plain name (no `..`, no separators, no NUL).
 */
export function storedPathOf(urlPath: string): string | undefined {
  const names: string[] = [];
  for (const raw of urlPath.split('/')) {
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!SAFE_SEGMENT.test(name)) return undefined;
    names.push(name);
  }
  return names.length ? names.join('/') : undefined;
}

/** The stored file's absolute path when it exists inside DATA_DIR/files (no symlink escapes). */
export function existingStoredFile(ctx: AppContext, relPath: string): string | undefined {
  const file = storedAbsPath(ctx, relPath);
  try {
    const real = fs.realpathSync(file);
    const root = fs.realpathSync(filesRoot(ctx));
    return real.startsWith(root + path.sep) && fs.statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The absolute URL of a stored file as seen from the origin the caller used. */
export function fileUrl(origin: string, relPath: string): string {
  return `${origin}/files/${relPath.split('/').map(encodeURIComponent).join('/')}`;
}

export async function removeQuietly(file: string | undefined): Promise<void> {
  if (!file) return;
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/** Removes the asset's stored directory (used when a registration fails after the file moved in). */
export async function removeStoredAsset(ctx: AppContext, owner: string, assetId: string): Promise<void> {
  await fs.promises
    .rm(path.join(filesRoot(ctx), fileOwnerSegment(owner), assetId), { recursive: true, force: true })
    .catch(() => {
      // Nothing to undo when the directory never existed.
    });
}

/** Drops temp files a previous run left behind (no upload or download survives a restart). */
export function clearAssetTemp(ctx: AppContext): void {
  fs.rmSync(assetTempDir(ctx), { recursive: true, force: true });
}
