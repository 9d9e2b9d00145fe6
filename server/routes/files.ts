import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { combineRanges, parse } from 'range-parser';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { existingStoredFile, storedPathOf } from '../services/assets/asset-files';
import { fileOwnerSegment, isLegacyOwnerSegment } from '../services/file-owner';
import { isInlineSafe, serveContentType } from '../services/assets/asset-media-types';

function notFound(): ApiError {
  return new ApiError(404, "No stored file at this address. File URLs come from an asset's url or oss_url.", {
    code: 'file_not_found',
  });
}

/**
 * URLs handed out before the owner segment became an HMAC (decision 064) name the owner hash
 * itself; their files now live under the HMAC segment of that owner, so the old URL still works.
 */
function fromLegacyLayout(relPath: string): string {
  const [first, ...others] = relPath.split('/');
  return first && others.length > 0 && isLegacyOwnerSegment(first)
    ? [fileOwnerSegment(first), ...others].join('/')
    : relPath;
}

/**
 * What a Range header asks of a file of `size` bytes, parsed by range-parser (the parser of
 * express and send): one span, 'unsatisfiable', or undefined to ignore the header and send the
 * whole file. Overlapping and adjacent ranges are combined first. Ignored, as RFC 9110 lets a server
 * do: a unit other than bytes, a malformed or reversed range anywhere in the header, and several
 * disjoint ranges (a multipart/byteranges answer is more than a player or a download manager needs;
 * both take the whole file). An empty file has no range to refuse: it is sent, empty.
 */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const parsed = parse(size, header);
  if (parsed.type !== 'bytes' || parsed.code & 1) return undefined;
  if (parsed.ranges.length === 0) return size === 0 ? undefined : 'unsatisfiable';
  const ranges = combineRanges(parsed.ranges);
  return ranges.length === 1 ? { start: ranges[0]!.start, end: ranges[0]!.end } : undefined;
}

/**
 * GET and HEAD /files/…: stored copies and uploads (and any other feature's files under
 * DATA_DIR/files). No API key is asked: a <video src> cannot send one, so these are capability
 * URLs whose asset_id segment is random and unguessable (decision 011). Range requests give 206
 * so that video seeks; an unsatisfiable range gives 416. Types a browser could run script from are
 * sent as attachments.
 */
export function fileRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/files/*', (c) => {
    // Never outside DATA_DIR/files: plain segments only, and no symlink out (asset-files.ts).
    const rel = storedPathOf(c.req.path.slice('/files/'.length));
    const file = rel && (existingStoredFile(ctx, rel) ?? existingStoredFile(ctx, fromLegacyLayout(rel)));
    const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !stat?.isFile()) throw notFound();

    const size = stat.size;
    const contentType = serveContentType(file);
    const etag = `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'Accept-Ranges': 'bytes',
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      // A stored file never changes under its URL (a new asset gets a new id).
      'Cache-Control': 'private, max-age=86400',
      'Content-Disposition': `${isInlineSafe(contentType) ? 'inline' : 'attachment'}; filename="${path.basename(file)}"`,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);

    // If-Range with a different validator means the client's partial copy is stale: send it whole.
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? undefined : parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      throw new ApiError(
        416,
        `The requested range selects no byte of the file (it has ${size} bytes): ask for bytes within 0-${Math.max(0, size - 1)}.`,
        {
          code: 'range_not_satisfiable',
          headers: { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' },
        },
      );
    }
    const span = range ?? { start: 0, end: size - 1 };
    const length = size === 0 ? 0 : span.end - span.start + 1;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${span.start}-${span.end}/${size}`;
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const stream = fs.createReadStream(file, { start: span.start, end: span.end });
    return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
  });

  return app;
}
