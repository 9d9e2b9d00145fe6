import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { errorResponse, isJsonContentType } from '../http';

/**
 * RFC 9110 §7.6.1 connection-specific headers, plus what this hop handles itself: `host`, and
 * `expect` (Node has already answered `100 Continue`; fetch refuses the header outright).
 */
const HOP_BY_HOP = new Set([
  'expect',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function stripHopByHop(source: Headers): Headers {
  const out = new Headers();
  const listed = new Set(
    (source.get('connection') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  source.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !listed.has(name)) out.append(name, value);
  });
  return out;
}

export function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.message;
  }
  return String(cause);
}

/** Headers of an upstream answer as this origin hands them on. */
export function answerHeaders(upstream: Response): Headers {
  const headers = stripHopByHop(upstream.headers);
  // This origin's policy governs what the browser does with the answer, not the upstream's.
  headers.delete('content-security-policy');
  // fetch decoded the body, so the upstream's encoding and length no longer describe it.
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  return headers;
}

/**
 * An answer that cannot have come from the API: a sign-in redirect, an HTML page (login walls,
 * a web server's default page), or a 404 without the API's JSON error (the base URL points at the
 * wrong place). Said plainly as a 502 instead of handed to the page as a puzzling parse error.
 */
export function notTheApi(c: Context<AppEnv>, upstream: Response, host: string): Response | undefined {
  const type = upstream.headers.get('content-type') ?? '';
  const path = new URL(c.req.url).pathname;
  let what: string | undefined;
  if (upstream.status >= 300 && upstream.status < 400) {
    const location = upstream.headers.get('location') ?? 'another address';
    what = `redirected ${path} to ${location} (a sign-in page or a moved API?)`;
  } else if (/^text\/html\b/i.test(type)) {
    what = `answered ${path} with an HTML page (status ${upstream.status}): a login page or a web server in front of the API, not the API itself`;
  } else if (upstream.status === 404 && !isJsonContentType(type)) {
    what = `answered ${path} with 404 and no API error: UPSTREAM_BASE_URL does not point at the API`;
  }
  if (!what) return undefined;
  void upstream.body?.cancel().catch(() => undefined);
  return errorResponse(c, 502, {
    message: `The upstream at ${host} ${what}. Set UPSTREAM_BASE_URL to the deployment's API base address (without /v1).`,
    code: 'upstream_not_api',
  });
}

/** JSON answers this large are passed on untouched instead of held in memory to rewrite. */
const MAX_REWRITE_BYTES = 8 * 1024 * 1024;

/**
 * Result URLs and `oss_url`s on the upstream's own `/files/` are rewritten to this origin's
 * `/upstream-files/`, so that `<video>`, downloads and `fetch` stay same-origin and the proxy can add
 * the upstream key where the file needs it (decision 072). Other hosts (a CDN) are left alone.
 */
export async function rewriteFileUrls(
  upstream: Response,
  headers: Headers,
  fromOrigin: string,
  toOrigin: string,
): Promise<ReadableStream<Uint8Array> | string | null> {
  const declared = Number(headers.get('content-length'));
  if (
    !upstream.body ||
    !isJsonContentType(headers.get('content-type')) ||
    (Number.isFinite(declared) && declared > MAX_REWRITE_BYTES)
  ) {
    return upstream.body;
  }
  const text = await upstream.text();
  const rewritten = text
    .split(`${fromOrigin}/files/`)
    .join(`${toOrigin}/upstream-files/`)
    .split(`${fromOrigin.replace(/\//g, '\\/')}\\/files\\/`)
    .join(`${toOrigin.replace(/\//g, '\\/')}\\/upstream-files\\/`);
  if (rewritten !== text) headers.delete('content-length');
  return rewritten;
}
