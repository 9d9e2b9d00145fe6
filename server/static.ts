import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { languageFromAcceptLanguage, languagesLoadedFor } from '@contract/language';
import type { ServerConfig } from './config';
import type { AppEnv } from './context';
import { brotliIfAccepted, errorResponse } from './http';
import type { Logger } from './logger';
import { contentSecurityPolicy, dashboardStyleSources } from './middleware/security-headers';

/** Paths owned by the API and other server features: never answered with the SPA. */
const RESERVED = /^\/(v1|api|files|webhooks|healthz|bootstrap)(\/|$)/;

/** Vite puts content-hashed files under /assets/: their URL changes whenever their bytes do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
}

function statFile(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A weak validator from what serveStatic says of the file it chose (each precompressed copy has
 * its own size, so its own tag); hono/etag turns a match into a 304.
 */
function withValidator(res: Response): Response {
  const size = res.headers.get('content-length');
  const modified = res.headers.get('last-modified');
  if (res.status === 200 && size && modified) {
    res.headers.set('ETag', `W/"${Number(size).toString(16)}-${(Date.parse(modified) / 1000).toString(16)}"`);
  }
  // The ETag carries the date: Last-Modified beside it would be ~45 more bytes on every file.
  res.headers.delete('Last-Modified');
  return res;
}

let indexCache: { file: string; mtimeMs: number; size: number; html: string } | undefined;

function readIndex(file: string, stat: fs.Stats): string {
  if (indexCache?.file !== file || indexCache.mtimeMs !== stat.mtimeMs || indexCache.size !== stat.size) {
    indexCache = { file, mtimeMs: stat.mtimeMs, size: stat.size, html: fs.readFileSync(file, 'utf8') };
  }
  return indexCache.html;
}

/** A preload of the first render's strings, one per language (scripts/vite-first-route.ts). */
const LANGUAGE_PRELOAD = /\s*<link\b[^>]*\bdata-lang="([^"]*)"[^>]*>/g;

/**
 * Keeps the strings preloads of the language the request asks for (and of the fallback language,
 * which the dashboard loads beside it) and drops the others (decision 200). The dashboard picks its
 * language from a stored choice first, which the server cannot see: a person who chose another one
 * fetches their strings one round trip later, as before.
 */
function preloadStringsOf(html: string, acceptLanguage: string | undefined): string {
  const kept: readonly string[] = languagesLoadedFor(languageFromAcceptLanguage(acceptLanguage));
  return html.replace(LANGUAGE_PRELOAD, (link: string, lang: string) => (kept.includes(lang) ? link : ''));
}

/**
 * index.html with a fresh CSP nonce, in the header and in `<meta name="csp-nonce">` for the SPA
 * (see security-headers.ts), and the strings preloads of the request's language. It differs per
 * response, so it has no validator and is never a 304.
 */
function sendIndex(c: Context<AppEnv>, file: string, stat: fs.Stats, log?: Logger): Response {
  const nonce = randomBytes(16).toString('base64');
  const meta = `<meta name="csp-nonce" content="${nonce}">`;
  const html = preloadStringsOf(readIndex(file, stat), c.req.header('accept-language'));
  // Before </head>, so that <meta charset> stays the first thing in the document.
  const end = html.search(/<\/head>/i);
  const body = end >= 0 ? `${html.slice(0, end)}${meta}${html.slice(end)}` : `${meta}${html}`;
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    // The strings preloaded depend on it: a shared cache must not hand one language's page to another.
    Vary: 'Accept-Language',
    'Content-Security-Policy': contentSecurityPolicy(dashboardStyleSources(nonce, log)),
  };
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : brotliIfAccepted(c, body, headers);
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

/** The path as a file name (percent-decoded), or undefined when it does not decode. */
function decodedPath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built dashboard (vite's dist/) for GET/HEAD outside the API, with @hono/node-server's
 * serveStatic (its traversal guard, Range and HEAD): files as they are, with the brotli/zstd/gzip
 * copy the build wrote beside each text file when the browser accepts one (decision 140), and
 * index.html, with a fresh CSP nonce, for client-side routes (paths without a file extension), so
 * deep links work. A missing file with an extension is a real 404, never the SPA. What has no
 * precompressed copy is gzipped here; API and media responses are left alone (streams must not be
 * held back, Range must stay byte-exact).
 */
export function dashboardRoutes(config: ServerConfig, log?: Logger): Hono<AppEnv> {
  const root = path.resolve(config.staticDir);
  const indexFile = path.join(root, 'index.html');
  const app = new Hono<AppEnv>();
  const gzip = compress();
  const compressUnlessRange: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.header('range') ? next() : gzip(c, next);
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  // A Range counts bytes of the file itself, never of a compressed copy.
  const ranges = serveStatic<AppEnv>({ root });

  app.on(['GET', 'HEAD'], '*', compressUnlessRange, async (c, next) => {
    const urlPath = c.req.path;
    if (RESERVED.test(urlPath)) return next();
    const decoded = decodedPath(urlPath);
    const file = decoded === undefined ? undefined : path.join(root, decoded);
    const isIndex = file === indexFile;
    const isSpaRoute =
      urlPath.endsWith('/') || (path.posix.extname(urlPath) === '' && !(file && statFile(file)));
    if (!isIndex && !isSpaRoute) return next();
    const stat = statFile(indexFile);
    if (!stat) return notBuilt(c, root);
    return sendIndex(c, indexFile, stat, log);
  });
  app.on(['GET', 'HEAD'], '*', compressUnlessRange, etag(), async (c, next) => {
    if (RESERVED.test(c.req.path)) return next();
    const res = await (c.req.header('range') ? ranges : files)(c, next);
    if (!(res instanceof Response)) return res;
    c.set('staticFile', true);
    res.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return withValidator(res);
  });
  return app;
}
