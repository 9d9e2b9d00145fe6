import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { MiddlewareHandler } from 'hono';
import { isJsonContentType } from '../http';
import type { AppEnv } from '../context';
import type { Logger } from '../logger';

/**
 * A strict CSP, with no 'unsafe-inline' anywhere:
 * - Vite's production build emits only external <script type="module"> and <link rel="stylesheet">
 *   tags (no inline bootstrap), so script-src 'self' suffices; Tailwind compiles to a CSS file.
 * - React's `style={}` goes through the CSSOM (element.style), which CSP does not govern; inline
 *   style *attributes* in markup stay blocked.
 * - Two dependencies insert <style> elements at run time: react-remove-scroll (Radix Dialog, Select,
 *   menus) and sonner (toasts). The dashboard's HTML therefore gets a per-response nonce, in the CSP
 *   and in `<meta name="csp-nonce">`, which the SPA hands to react-style-singleton
 *   (`__webpack_nonce__`); sonner's fixed stylesheet, which takes no nonce, is allowed by its
 *   SHA-256 (and the empty sheet it inserts first, by the hash of ''). See `dashboardStyleSources`.
 * - img-src/media-src allow http: and https: because assets registered by public URL are shown
 *   from their own origin; blob: for previews of files before upload; data: for tiny inline images.
 * - connect-src 'self': the browser only talks to this origin (proxy mode keeps it that way).
 */
export function contentSecurityPolicy(extraStyleSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...extraStyleSources].join(' '),
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * A JSON answer opened as a document needs nothing at all: the API policy OWASP recommends, stricter
 * than the dashboard's, and ~250 bytes shorter on every API answer (headers are not compressed over
 * HTTP/1.1; three of them come before the first open's largest paint, decision 246).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The stylesheet sonner inserts, read from the installed package so an upgrade stays allowed. */
function sonnerStylesheet(): string | undefined {
  const source = fs.readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
  const literal = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  return literal ? (JSON.parse(literal) as string) : undefined;
}

let styleHashes: string[] | undefined;

function knownStyleHashes(log?: Logger): string[] {
  if (styleHashes) return styleHashes;
  styleHashes = [sha256('')];
  try {
    const css = sonnerStylesheet();
    if (css) styleHashes.push(sha256(css));
    else log?.warn('sonner stylesheet not found; toasts will be unstyled under the CSP');
  } catch (err) {
    log?.warn('cannot read sonner for its CSP hash; toasts will be unstyled', { error: String(err) });
  }
  return styleHashes;
}

/** Extra style-src sources for one response of the dashboard's HTML. */
export function dashboardStyleSources(nonce: string, log?: Logger): string[] {
  return [`'nonce-${nonce}'`, ...knownStyleHashes(log)];
}

/** On every response: they cost little and guard whatever a browser makes of it. */
const HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Only a document (or what could be opened as one: API answers, errors, media) needs these; a
 * script, stylesheet or image of the dashboard's build is governed by the CSP of the page that
 * loads it, and cannot be framed or open a window.
 */
const DOCUMENT_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Set after the handler so they land on every response, including errors and proxied ones. A
 * handler may set its own, stricter or per-response CSP (the dashboard's HTML carries a nonce), so
 * an existing one is kept. Media under /files/ is embedded by the dashboard, so no
 * Cross-Origin-Resource-Policy is set that would block it.
 *
 * A file of the dashboard's build other than index.html (static.ts marks it) gets only
 * X-Content-Type-Options: over HTTP/1.1 headers are not compressed, and the ~450 bytes of CSP,
 * framing and opener policy on each of the 30-odd files of the first open came to about 15 KB
 * on a phone link (decision 141). Its SVGs are ours, built with the dashboard, without scripts.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.get('staticFile')) {
      c.header('X-Content-Type-Options', HEADERS['X-Content-Type-Options']);
      return;
    }
    // JSON answers are per key and per moment (keys in /bootstrap, assets, errors): no cache may keep
    // one. A route that means otherwise sets its own Cache-Control.
    const json = isJsonContentType(c.res.headers.get('content-type'));
    if (!c.res.headers.has('cache-control') && json) c.header('Cache-Control', 'no-store');
    if (!c.res.headers.has('content-security-policy'))
      c.header('Content-Security-Policy', json ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    for (const [name, value] of Object.entries({ ...HEADERS, ...DOCUMENT_HEADERS })) c.header(name, value);
  };
}
