import http from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ErrorEnvelope } from '@contract/error-envelope';
import type { AppContext, AppEnv } from './context';
import { DEFAULT_BODY_TIMEOUT_MS } from './config';
import { errorTypeForStatus } from './errors';
import { defaultErrorCode } from './http';
import { newId } from './ids';
import type { Logger } from './logger';
import { capConnectionsPerAddress } from './connection-cap';
import { isMultipart } from './middleware/body-limit';

/**
 * Time limits of the HTTP layer (decision 063):
 * - headers must arrive within HEADERS_TIMEOUT_MS (slow-loris requests are cut with a 408);
 * - a request body that goes silent for BODY_IDLE_TIMEOUT_MS is cut with a 408, which is what
 *   catches a body that stops short;
 * - a body that is no multipart upload (JSON, inbox posts) must be complete within
 *   BODY_TIMEOUT_MS of its headers (decision 362): otherwise a keyless POST trickling a byte
 *   a minute held its connection for the whole upload budget;
 * - an upload must arrive within a time that lets MAX_UPLOAD_BYTES through at
 *   MIN_UPLOAD_BYTES_PER_S (a 2 GiB upload may take 4.5 h on a 1 Mbit/s uplink), and never under
 *   MIN_REQUEST_TIMEOUT_MS; Node's default of 5 minutes would cut honest large uploads.
 * Responses are not limited: requestTimeout only covers receiving the request, so SSE streams and
 * slow downloads run as long as they need.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const BODY_IDLE_TIMEOUT_MS = 60_000;
const MIN_UPLOAD_BYTES_PER_S = 128 * 1024;
const MIN_REQUEST_TIMEOUT_MS = 10 * 60_000;

export interface HttpServerTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyIdleTimeoutMs: number;
  /** How long a body that is no multipart upload may take to arrive, from its headers. */
  bodyTimeoutMs: number;
  /** How often Node checks the header and request deadlines. */
  checkIntervalMs: number;
}

export function defaultTimeouts(
  maxUploadBytes: number,
  bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS,
): HttpServerTimeouts {
  return {
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(
      MIN_REQUEST_TIMEOUT_MS,
      Math.ceil((maxUploadBytes / MIN_UPLOAD_BYTES_PER_S) * 1000),
    ),
    bodyIdleTimeoutMs: BODY_IDLE_TIMEOUT_MS,
    bodyTimeoutMs,
    checkIntervalMs: 5_000,
  };
}

/** What Node's parser refused, as a status and a message that says what to change. */
function describeClientError(err: NodeJS.ErrnoException): { status: number; message: string; code: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        message:
          'The request line and headers are larger than the server accepts (16 KiB together). Shorten the URL ' +
          '(send long values in a JSON body) or drop large headers and cookies.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'request_timeout',
        message:
          'The request did not arrive in time: its headers or body stopped coming. Send the whole request again.',
      };
    default:
      return {
        status: 400,
        code: 'malformed_request',
        message: `The request is not valid HTTP (${err.code ?? 'parse error'}): check the request line (METHOD /path HTTP/1.1), header names and values, and the body framing.`,
      };
  }
}

/** A complete JSON error envelope written straight to the socket (no request object exists yet). */
export function rawErrorResponse(
  status: number,
  code: string,
  message: string,
): { text: string; requestId: string } {
  const requestId = newId('req');
  const traceId = newId('trace');
  const body = JSON.stringify({
    error: { message, type: errorTypeForStatus(status), code: code || defaultErrorCode(status) },
    request_id: requestId,
    trace_id: traceId,
  } satisfies ErrorEnvelope);
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    `X-Request-Id: ${requestId}`,
    `X-Trace-Id: ${traceId}`,
    'Connection: close',
  ];
  return { text: `${head.join('\r\n')}\r\n\r\n${body}`, requestId };
}

/** Answers on the socket unless a response has started on it (that would corrupt the stream). */
function answerOnSocket(socket: Socket, status: number, code: string, message: string): string | undefined {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return undefined;
  }
  const { text, requestId } = rawErrorResponse(status, code, message);
  socket.end(text);
  // A client that keeps sending must not keep the socket: end() waits for nothing more.
  setTimeout(() => socket.destroy(), 1_000).unref();
  return requestId;
}

function onClientError(log: Logger) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const { status, code, message } = describeClientError(err);
    const requestId = answerOnSocket(socket, status, code, message);
    log.info('request refused by the HTTP parser', { request_id: requestId, status, reason: err.code });
  };
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Cuts a request whose body goes silent, or, unless it is a multipart upload, has not arrived whole
 * by the body deadline: the handler then sees a client abort (logged as such). It watches the
 * socket's byte count instead of listening for `data` on the request: a `data` listener would
 * switch the body to flowing mode and consume it before the app reads it.
 */
function watchBody(
  incoming: http.IncomingMessage,
  outgoing: http.ServerResponse,
  timeouts: Pick<HttpServerTimeouts, 'bodyIdleTimeoutMs' | 'bodyTimeoutMs'>,
  log: Logger,
): void {
  const hasBody =
    incoming.method !== 'GET' &&
    incoming.method !== 'HEAD' &&
    (Number(incoming.headers['content-length']) > 0 || incoming.headers['transfer-encoding'] !== undefined);
  if (!hasBody || incoming.complete) return;
  const idleMs = timeouts.bodyIdleTimeoutMs;
  // Only uploads stream to disk and may take hours (decision 063); every other body is small.
  const deadlineMs = isMultipart(incoming.headers['content-type']) ? Infinity : timeouts.bodyTimeoutMs;
  const deadline = Date.now() + deadlineMs;
  const socket = incoming.socket;
  let lastBytes = socket.bytesRead;
  let lastChange = Date.now();
  const cut = (message: string, what: string) => {
    stop();
    const requestId = answerOnSocket(socket, 408, 'request_timeout', message);
    log.info(what, { request_id: requestId, method: incoming.method, url: incoming.url });
  };
  const timer = setInterval(
    () => {
      if (incoming.complete || outgoing.writableEnded || socket.destroyed) return stop();
      if (Date.now() >= deadline) {
        return cut(
          `The request body did not arrive within ${seconds(deadlineMs)} of its headers, the limit for bodies ` +
            'that are not multipart uploads. Send the whole body at once (files go as multipart/form-data).',
          'request body too slow; connection closed',
        );
      }
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastChange = Date.now();
        return;
      }
      // A handler that has not read yet pauses the socket (backpressure): only a request that is
      // being read, and still stalls, has really stopped arriving.
      if (Date.now() - lastChange < idleMs || incoming.readableFlowing === null) return;
      cut(
        `The request body stopped arriving for ${seconds(idleMs)} before it was complete. Send it again.`,
        'request body stalled; connection closed',
      );
    },
    Math.max(25, Math.min(1_000, idleMs / 4, deadlineMs / 4)),
  );
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  incoming.once('end', stop);
  incoming.once('close', stop);
  outgoing.once('close', stop);
}

/**
 * The Node HTTP server around the app: every answer Node's own HTTP layer gives (oversized or
 * malformed requests, timeouts, an unusable Host) is the JSON error envelope too.
 */
export function createHttpServer(
  ctx: AppContext,
  app: Hono<AppEnv>,
  timeouts: HttpServerTimeouts = defaultTimeouts(ctx.config.maxUploadBytes, ctx.config.requestBodyTimeoutMs),
): http.Server {
  const listener = getRequestListener(app.fetch, {
    hostname: ctx.config.host,
    // Raised by the adapter before the app runs, e.g. for a Host header that is no host name.
    errorHandler: (err) => {
      const detail = err instanceof Error ? err.message : String(err);
      const requestId = newId('req');
      ctx.log.info('request refused before routing', { request_id: requestId, reason: detail });
      return Response.json(
        {
          error: {
            message: `The request cannot be read: ${detail}. Check the Host header and the request path.`,
            type: 'invalid_request_error',
            code: 'malformed_request',
          },
          request_id: requestId,
          trace_id: newId('trace'),
        } satisfies ErrorEnvelope,
        { status: 400, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } },
      );
    },
  });
  const server = http.createServer(
    {
      // A missing Host is answered by the host guard, in the envelope, instead of by Node.
      requireHostHeader: false,
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Longer than clients keep an idle socket (Node's agents and undici: 4-5 s), so the client
      // closes it first. With Node's default 5 s both sides timed out together, and a request sent
      // on a socket the server was closing met ECONNRESET (a POST, which no client retries: CI,
      // Node 24, 2026-11-27). main.ts closes idle sockets itself on shutdown.
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (incoming, outgoing) => {
      watchBody(incoming, outgoing, timeouts, ctx.log);
      void listener(incoming, outgoing);
    },
  );
  server.on('clientError', onClientError(ctx.log));
  const max = ctx.config.maxConnectionsPerAddress;
  capConnectionsPerAddress(server, {
    max,
    trustProxy: ctx.config.trustProxy,
    log: ctx.log,
    refusal: () =>
      rawErrorResponse(
        429,
        'too_many_connections',
        `This address already has ${max} connections open to the server (MAX_CONNS_PER_IP). ` +
          'Close idle ones or wait for them to finish, then retry.',
      ).text,
  });
  return server;
}
