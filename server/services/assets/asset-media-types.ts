import path from 'node:path';
import { type AssetType, inferAssetType, isAssetType } from '@contract/asset';
import { getMimeType, mimes } from 'hono/utils/mime';
import { badRequest } from '../../errors';

/**
 * Hono's MIME table (the one the dashboard's files are served with), plus the media people register
 * that it lacks, for hosts that send no or a generic Content-Type. `jpg` first, so that image/jpeg
 * gets the usual extension; `bin` out, so that generic bytes keep the name they came with.
 */
const { bin: _generic, ...honoMimes } = mimes;
const MEDIA_MIMES: Record<string, string> = {
  jpg: 'image/jpeg',
  ...honoMimes,
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  m4a: 'audio/mp4',
  // An assembly's captions (decision 370): a <track> loads only a file served as text/vtt.
  vtt: 'text/vtt',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

const GENERIC_MIME = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

/** `Image/PNG; charset=x` -> `image/png`. */
function normalizeMime(value: string | null | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

export function mimeFromName(name: string): string | undefined {
  const mime = getMimeType(name, MEDIA_MIMES);
  return mime ? normalizeMime(mime) : undefined;
}

/**
 * The content type to record: the one the source declared unless it is missing or generic
 * (S3-style `application/octet-stream`), in which case the file name's extension decides.
 */
export function resolveContentType(declared: string | null | undefined, name: string): string {
  const mime = normalizeMime(declared);
  if (!GENERIC_MIME.has(mime)) return mime;
  return mimeFromName(name) ?? (mime || 'application/octet-stream');
}

/**
 * The asset type to record. A type the caller gives wins, except when the content is plainly of
 * another kind (an image declared as video or audio, or the reverse): that is a mistake worth a 400
 * rather than an asset that can only fail later. Audio and video are not told apart here, because
 * one container (mp4, webm) holds either; ffprobe checks the streams during preparation.
 */
export function resolveAssetType(declared: string | undefined, contentType: string, param = 'type'): string {
  const inferred = inferAssetType(contentType);
  if (!declared) return inferred;
  // Another type than the common values is the caller's own word: kept, and prepared as a file (decision 377).
  const known = declared.toLowerCase();
  if (!isAssetType(known)) return declared;
  const isImage = (t: AssetType) => t === 'image';
  const isAv = (t: AssetType) => t === 'audio' || t === 'video';
  if ((isImage(known) && isAv(inferred)) || (isAv(known) && isImage(inferred))) {
    throw badRequest(
      `type is "${known}" but the content is ${contentType} (${inferred}). ` +
        `Send type=${inferred}, or omit type to have it inferred from the content type.`,
      param,
      'type_mismatch',
    );
  }
  return known;
}

/**
 * A file name that is safe on every file system and in a URL path segment: the base name only,
 * characters outside [A-Za-z0-9._-] replaced, no leading dot, at most 100 characters. The extension
 * is made to match the content type (`clip.bin` holding video/mp4 becomes `clip.mp4`), because
 * /files/ serves a file with the type its extension names.
 */
export function safeFileName(original: string | undefined, contentType: string): string {
  const base = path.basename((original ?? '').replace(/\\/g, '/'));
  const given = path.extname(base);
  const ext0 = /^\.[a-z0-9]{1,10}$/i.test(given) ? given.toLowerCase() : '';
  const implied = extensionFor(contentType);
  const ext =
    ext0 && (!implied || mimeFromName(ext0) === normalizeMime(contentType))
      ? ext0
      : (implied ?? (ext0 || '.bin'));
  const stem = base
    .slice(0, base.length - given.length)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 100 - ext.length);
  return `${stem || 'file'}${ext}`;
}

function extensionFor(contentType: string): string | undefined {
  const mime = normalizeMime(contentType);
  const ext = Object.keys(MEDIA_MIMES).find((e) => normalizeMime(MEDIA_MIMES[e]) === mime);
  return ext ? `.${ext}` : undefined;
}

/** Markup and script a browser would run if it ever rendered the file: served as plain bytes. */
const SCRIPTABLE = /^(text\/html|application\/xhtml\+xml|text\/javascript|application\/xml)$/;

/** The Content-Type to serve a stored file with, from its (safe) file name. */
export function serveContentType(fileName: string): string {
  const mime = getMimeType(fileName, MEDIA_MIMES);
  return mime && !SCRIPTABLE.test(normalizeMime(mime)) ? mime : 'application/octet-stream';
}

/**
 * Types the browser may render inline from our origin. Everything else (HTML, SVG, scripts, PDFs,
 * unknown bytes) is served as an attachment: an uploaded page or SVG opened from /files/ would
 * otherwise run script with the dashboard's origin and reach its stored API key.
 */
export function isInlineSafe(contentType: string): boolean {
  const mime = normalizeMime(contentType);
  if (mime === 'image/svg+xml') return false;
  return /^(image|audio|video)\//.test(mime);
}
