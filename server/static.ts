import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { ServerConfig } from './config';
import type { AppEnv } from './context';
import { errorResponse } from './http';
import type { Logger } from './logger';
import { contentSecurityPolicy, dashboardStyleSources } from './middleware/security-headers';

/** Paths owned by the API and other server features: never answered with the SPA. */
const RESERVED = /^\/(v1|api|files|webhooks|healthz|bootstrap)(\/|$)/;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

/** Vite puts content-hashed files under /assets/: their URL changes whenever their bytes do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
}

/** Resolves a URL path inside root, or undefined if it is malformed or escapes root. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

function statFile(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

function sendFile(c: Context<AppEnv>, file: string, stat: fs.Stats, cacheControl: string): Response {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return c.body(null, 304, headers);
  }
  headers['Content-Length'] = String(stat.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}

let indexCache: { file: string; mtimeMs: number; size: number; html: string } | undefined;

function readIndex(file: string, stat: fs.Stats): string {
  if (indexCache?.file !== file || indexCache.mtimeMs !== stat.mtimeMs || indexCache.size !== stat.size) {
    indexCache = { file, mtimeMs: stat.mtimeMs, size: stat.size, html: fs.readFileSync(file, 'utf8') };
  }
  return indexCache.html;
}

/**
 * index.html with a fresh CSP nonce, in the header and in `<meta name="csp-nonce">` for the SPA
 * (see security-headers.ts). It differs per response, so it has no validator and is never a 304.
 */
function sendIndex(c: Context<AppEnv>, file: string, stat: fs.Stats, log?: Logger): Response {
  const nonce = randomBytes(16).toString('base64');
  const meta = `<meta name="csp-nonce" content="${nonce}">`;
  const html = readIndex(file, stat);
  // Before </head>, so that <meta charset> stays the first thing in the document.
  const end = html.search(/<\/head>/i);
  const body = end >= 0 ? `${html.slice(0, end)}${meta}${html.slice(end)}` : `${meta}${html}`;
  const headers = {
    'Content-Type': MIME['.html']!,
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': contentSecurityPolicy(dashboardStyleSources(nonce, log)),
  };
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers);
}

/** What `/` answers before the dashboard is built: a clear instruction, not a crash. */
function notBuilt(c: Context<AppEnv>, staticDir: string): Response {
  const message = `The dashboard has not been built: ${staticDir} has no index.html. Run \`npm run build\` (or \`npm start\`, which builds first), then reload. The API itself is running.`;
  if ((c.req.header('accept') ?? '').includes('text/html')) {
    const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Media Studio: build needed</title></head>` +
        `<body><h1>Media Studio</h1><p>${escaped}</p></body></html>`,
      503,
      { 'Cache-Control': 'no-store', 'Retry-After': '10' },
    );
  }
  return errorResponse(c, 503, { message, code: 'dashboard_not_built' }, { 'Cache-Control': 'no-store' });
}

/**
 * Serves the built dashboard (vite's dist/) for GET/HEAD outside the API: files as they are, and
 * index.html for client-side routes (paths without a file extension) so deep links work. A missing
 * file with an extension is a real 404, never the SPA. Text is compressed here only: API and media
 * responses are left alone (streams must not be held back, Range must stay byte-exact).
 */
export function dashboardRoutes(config: ServerConfig, log?: Logger): Hono<AppEnv> {
  const root = path.resolve(config.staticDir);
  const app = new Hono<AppEnv>();
  const gzip = compress();
  const compressUnlessRange: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.header('range') ? next() : gzip(c, next);
  app.on(['GET', 'HEAD'], '*', compressUnlessRange, async (c, next) => {
    const urlPath = c.req.path;
    if (RESERVED.test(urlPath)) return next();
    const file = resolveInside(root, urlPath);
    if (!file) return next();
    const isDirectory = urlPath.endsWith('/');
    if (!isDirectory) {
      const stat = statFile(file);
      if (stat) {
        if (file === path.join(root, 'index.html')) return sendIndex(c, file, stat, log);
        return sendFile(c, file, stat, cacheControlFor(urlPath));
      }
      if (path.posix.extname(urlPath) !== '') return next();
    }
    const index = path.join(root, 'index.html');
    const indexStat = statFile(index);
    if (!indexStat) return notBuilt(c, root);
    return sendIndex(c, index, indexStat, log);
  });
  return app;
}
