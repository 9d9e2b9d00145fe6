import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { errorResponse, requestOrigin } from '../http';
import { answerHeaders, causeOf, notTheApi, rewriteFileUrls, stripHopByHop } from './answers';
import { fullyDecoded, upstreamTarget } from '../services/outbound/upstream-target';
import { ownerOf } from '../middleware/auth';
import { DOUBLE_HEADER } from '../services/double/directives';
import { imageFetchPath } from '../config-image-prefix';

/** Request headers a file fetch may carry upstream: what ranged media playback needs, nothing else. */
const FILE_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept'];

/** The Node request under this Fetch request, when the app runs in the real HTTP server. */
function nodeRequest(c: Context<AppEnv>): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // Once something has read the body through the Fetch request, only that stream has it.
  return incoming && incoming.readableFlowing === null && !c.req.raw.bodyUsed ? incoming : undefined;
}

/**
 * Sends a request body with node:http and `pipeline`, which reads the socket only as fast as the
 * upstream takes it. fetch with a stream body held most of a 200 MB upload in memory when the
 * upstream was slower than the client (bench/RESULTS.md); this keeps it to socket buffers.
 */
function pipeUpload(
  target: string,
  method: string,
  headers: Headers,
  incoming: IncomingMessage,
  signal: AbortSignal,
  onProgress: () => void,
): Promise<Response> {
  const request = target.startsWith('https:') ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const out = request(target, { method, headers: Object.fromEntries(headers), signal }, (res) => {
      const answer = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
        answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      const status = res.statusCode ?? 502;
      const empty = status === 204 || status === 304 || method === 'HEAD';
      if (empty) res.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
          status,
          statusText: res.statusMessage,
          headers: answer,
        }),
      );
    });
    out.on('error', reject);
    incoming.on('data', onProgress);
    pipeline(incoming, out).catch(reject);
  });
}

/**
 * An idle timer: it fires when neither an answer nor a byte of the upload has moved for `ms`, so a
 * 1 GiB upload is not cut for being long, only an upstream that stopped responding.
 */
function idleTimer(ms: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    bump() {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), ms);
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Whether a raw request path is the local double's switch (`/v1/local/double`, decision 290) under
 * any spelling an upstream might read as it: percent-encoded, in another case, with doubled or
 * trailing slashes, or below it.
 */
function isSwitchPath(rawPath: string): boolean {
  const segments = fullyDecoded(rawPath)
    .toLowerCase()
    .split(/[\\/]+/)
    .filter(Boolean);
  return segments[0] === 'v1' && segments[1] === 'local' && segments[2] === 'double';
}

/** The switch is this server's own, and off in proxy mode: never forwarded (docs/local-double.md). */
const switchOff = (c: Context<AppEnv>) =>
  errorResponse(c, 404, {
    message:
      "The local double's switch (/v1/local/double) is off in proxy mode: this server forwards to UPSTREAM_BASE_URL and never passes the switch or the X-Local-Double header on. Use a server in local mode (no UPSTREAM_BASE_URL) to simulate faults.",
    code: 'local_double_off',
  });

/**
 * Proxy mode (LOCAL_API.md, decision 070): `/v1/*` and `/api/*` go to UPSTREAM_BASE_URL
 * unchanged, after the app's auth middleware has checked the caller's local key. The Authorization
 * header is replaced by the upstream key, so the browser never holds it. Bodies stream both ways
 * (`duplex: 'half'`), never buffered whole. Upstream answers, errors included, pass through as they
 * are; an unreachable upstream is a 502 and a silent one a 504, both naming the upstream host.
 */
export function proxyRoutes(ctx: AppContext): Hono<AppEnv> {
  const { upstreamBaseUrl, upstreamApiKey, upstreamKeyMap, upstreamTimeoutMs, upstreamImagePrefixes } =
    ctx.config;
  if (!upstreamBaseUrl) throw new Error('proxyRoutes needs UPSTREAM_BASE_URL');
  // By owner (what auth sets), so no request-time code handles the local key itself (decision 359).
  const upstreamKeyOf = new Map([...upstreamKeyMap].map(([local, up]) => [ownerOf(local), up]));
  const base = upstreamBaseUrl.replace(/\/+$/, '');
  const baseUrl = new URL(base);
  const upstreamOrigin = baseUrl.origin;
  const originUrl = new URL(upstreamOrigin);
  const host = new URL(base).host;
  const app = new Hono<AppEnv>();

  /** The upstream's answer, or this server's own error envelope when there is none. */
  const send = async (
    c: Context<AppEnv>,
    target: URL,
    headers: Headers,
  ): Promise<{ upstream: Response } | { failed: Response }> => {
    const idle = idleTimer(upstreamTimeoutMs);
    const bodyMethod = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    // Checked before anything touches c.req.raw.body, which would start the adapter's own reader.
    const incoming = bodyMethod ? nodeRequest(c) : undefined;
    let body: ReadableStream<Uint8Array> | undefined;
    if (bodyMethod && !incoming && c.req.raw.body) {
      // Every chunk of the upload that moves shows the upstream is still taking it.
      body = c.req.raw.body!.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            idle.bump();
            out.enqueue(chunk);
          },
        }),
      );
    }
    try {
      const signal = AbortSignal.any([c.req.raw.signal, idle.signal]);
      if (incoming) {
        return {
          upstream: await pipeUpload(target.href, c.req.method, headers, incoming, signal, idle.bump),
        };
      }
      const upstream = await fetch(target.href, {
        method: c.req.method,
        headers,
        body,
        redirect: 'manual',
        signal,
        ...(body ? { duplex: 'half' } : {}),
      } as RequestInit);
      return { upstream };
    } catch (err) {
      const cause = causeOf(err);
      if (c.req.raw.signal.aborted) {
        // The caller went away mid-request: nobody reads this answer, and the upstream is fine.
        ctx.log.info('proxied request aborted by the client', { request_id: c.var.requestId });
        return {
          failed: errorResponse(c, 502, { message: 'The request was cancelled.', code: 'client_closed' }),
        };
      }
      if (idle.signal.aborted) {
        ctx.log.warn('upstream timed out', { request_id: c.var.requestId, upstream: host });
        return {
          failed: errorResponse(c, 504, {
            message: `The upstream API at ${host} did not answer within ${Math.round(upstreamTimeoutMs / 1000)} s. It may be overloaded or down; retry later, or raise UPSTREAM_TIMEOUT_MS.`,
            code: 'upstream_timeout',
          }),
        };
      }
      ctx.log.warn('upstream unreachable', { request_id: c.var.requestId, upstream: host, cause });
      return {
        failed: errorResponse(c, 502, {
          message: `The upstream API at ${host} could not be reached (${cause}). Check UPSTREAM_BASE_URL and that the deployment is up, then retry.`,
          code: 'upstream_unreachable',
        }),
      };
    } finally {
      idle.stop();
    }
  };

  /** A path this proxy will not forward: encoded separators, dot segments or `;` (decision 280). */
  const strayPath = (c: Context<AppEnv>) =>
    errorResponse(c, 400, {
      message:
        'The path holds an encoded "/", "\\", a dot segment or a ";" path parameter ("..", "..;", "%2e%2e", "%5c", "%2f", "%3b", or encoded twice), which this proxy does not forward. Ask for the resource by its plain path.',
      code: 'invalid_path',
    });

  /**
   * Under an image prefix only `GET <prefix>/task/{id}/fetch` is forwarded (decision 378): the key
   * goes with it, so the prefix must not become a way to reach any other upstream path.
   */
  const imageFetch = (c: Context<AppEnv>) => {
    const incoming = new URL(c.req.url);
    const id = imageFetchPath(upstreamImagePrefixes, incoming.pathname);
    if (id === undefined || (c.req.method !== 'GET' && c.req.method !== 'HEAD'))
      return errorResponse(c, 404, {
        message: `Under the image service's prefix this proxy forwards only GET ${upstreamImagePrefixes.map((p) => `${p}/task/{id}/fetch`).join(' or ')} (UPSTREAM_IMAGE_PREFIX). Query other tasks at GET /v1/tasks/{id}.`,
        code: 'not_forwarded',
      });
    return forward(c, upstreamImagePrefixes);
  };

  const forward = async (c: Context<AppEnv>, served: readonly string[] = ['/v1', '/api']) => {
    const incoming = new URL(c.req.url);
    if (isSwitchPath(incoming.pathname)) return switchOff(c);
    // The key goes only to the upstream's served paths, checked on the URL object fetch() will use.
    const target = upstreamTarget(baseUrl, served, incoming.pathname, incoming.search);
    if (!target) return strayPath(c);
    const headers = stripHopByHop(c.req.raw.headers);
    headers.delete('authorization');
    // The Messages API also takes this server's key as x-api-key: it must not reach the upstream either.
    headers.delete('x-api-key');
    headers.delete('cookie');
    // Only this server reads the local double's header; an upstream that is another local server
    // would act on it for every key (issue 41).
    headers.delete(DOUBLE_HEADER);
    const upstreamKey = upstreamKeyOf.get(c.var.owner) ?? upstreamApiKey;
    // config.ts refuses a start-up that leaves any key without one.
    if (!upstreamKey) throw new Error('no upstream key for this caller');
    headers.set('authorization', `Bearer ${upstreamKey}`);
    // fetch decodes compressed answers itself; let it negotiate rather than pass the browser's list.
    headers.delete('accept-encoding');
    headers.set('x-trace-id', c.var.traceId);
    const sent = await send(c, target, headers);
    if ('failed' in sent) return sent.failed;
    const { upstream } = sent;
    const refused = notTheApi(c, upstream, host);
    if (refused) return refused;
    const responseHeaders = answerHeaders(upstream);
    const body = await rewriteFileUrls(upstream, responseHeaders, upstreamOrigin, requestOrigin(c));
    return new Response(body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };

  /**
   * `/upstream-files/<path>` plays and downloads the upstream's `/files/<path>` from this origin.
   * Media elements cannot send a key, so the URL (unguessable, handed out in API answers) is the
   * capability, as for local `/files/`; only GET/HEAD of `/files/` are reachable this way, and never
   * with the upstream key: result URLs work without it (decision 280), so a path that escaped
   * /files/ anyway would meet the upstream's own 401.
   */
  const file = async (c: Context<AppEnv>) => {
    // The raw (still percent-encoded) path: c.req.path is decoded, and a decoded `\` is a `/` to fetch.
    const rest = new URL(c.req.url).pathname.slice('/upstream-files'.length);
    const target = upstreamTarget(originUrl, ['/files'], `/files${rest}`);
    if (!target) return strayPath(c);
    const headers = new Headers({ 'x-trace-id': c.var.traceId });
    for (const name of FILE_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const sent = await send(c, target, headers);
    if ('failed' in sent) return sent.failed;
    const { upstream } = sent;
    const refused =
      upstream.status >= 300 && upstream.status < 400 ? notTheApi(c, upstream, host) : undefined;
    if (refused) return refused;
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: answerHeaders(upstream),
    });
  };

  const api = (c: Context<AppEnv>) => forward(c);
  app.all('/v1/*', api);
  app.all('/v1', api);
  app.all('/api/*', api);
  app.all('/api', api);
  for (const prefix of upstreamImagePrefixes) app.all(`${prefix}/task/*`, imageFetch);
  app.on(['GET', 'HEAD'], '/upstream-files/*', file);
  return app;
}
