import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from './context';
import { errorResponse } from './http';

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

function stripHopByHop(source: Headers): Headers {
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

function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.message;
  }
  return String(cause);
}

/**
 * Proxy mode (LOCAL_API.md): `/v1/*` and `/api/*` go to UPSTREAM_BASE_URL unchanged, after the
 * app's auth middleware has checked the caller's local key. The Authorization header is replaced by
 * the upstream key, so the browser never holds it. Bodies stream both ways (`duplex: 'half'`),
 * never buffered. Upstream answers, errors included, pass through as they are; an unreachable
 * upstream is a 502 in the local envelope.
 */
export function proxyRoutes(ctx: AppContext): Hono<AppEnv> {
  const { upstreamBaseUrl, upstreamApiKey } = ctx.config;
  if (!upstreamBaseUrl) throw new Error('proxyRoutes needs UPSTREAM_BASE_URL');
  const base = upstreamBaseUrl.replace(/\/+$/, '');
  const app = new Hono<AppEnv>();

  const forward = async (c: Context<AppEnv>) => {
    const incoming = new URL(c.req.url);
    const target = `${base}${incoming.pathname}${incoming.search}`;
    const headers = stripHopByHop(c.req.raw.headers);
    headers.delete('authorization');
    // The Messages API also takes this server's key as x-api-key: it must not reach the upstream either.
    headers.delete('x-api-key');
    if (upstreamApiKey) headers.set('authorization', `Bearer ${upstreamApiKey}`);
    // fetch decodes compressed answers itself; let it negotiate rather than pass the browser's list.
    headers.delete('accept-encoding');
    headers.set('x-trace-id', c.var.traceId);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null;

    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : undefined,
        redirect: 'manual',
        signal: c.req.raw.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      const cause = causeOf(err);
      if (c.req.raw.signal.aborted) {
        // The caller went away mid-request: nobody reads this answer, and the upstream is fine.
        ctx.log.info('proxied request aborted by the client', { request_id: c.var.requestId });
      } else {
        ctx.log.warn('upstream unreachable', { request_id: c.var.requestId, upstream: base, cause });
      }
      return errorResponse(c, 502, {
        message: `The upstream API at ${new URL(base).origin} could not be reached (${cause}). Check UPSTREAM_BASE_URL and that the deployment is up, then retry.`,
        code: 'upstream_unreachable',
      });
    }

    const responseHeaders = stripHopByHop(upstream.headers);
    // This origin's policy governs what the browser does with the answer, not the upstream's.
    responseHeaders.delete('content-security-policy');
    // The body was decoded by fetch, so the upstream's encoding and length no longer describe it.
    if (responseHeaders.has('content-encoding')) {
      responseHeaders.delete('content-encoding');
      responseHeaders.delete('content-length');
    }
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };

  app.all('/v1/*', forward);
  app.all('/v1', forward);
  app.all('/api/*', forward);
  app.all('/api', forward);
  return app;
}
