import fs from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { closeContext, createContext } from './create-context';
import { createHttpServer, defaultTimeouts, type HttpServerTimeouts } from './http-server';
import type { Logger } from './logger';

interface Running {
  port: number;
  lines: Array<{ level: string; msg: string; fields?: Record<string, unknown> }>;
  close(): Promise<void>;
}

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

const FAST: HttpServerTimeouts = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 60_000,
  bodyIdleTimeoutMs: 400,
  bodyTimeoutMs: 10_000,
  checkIntervalMs: 100,
};

/** The real HTTP server of main.ts around a fresh app, on port 0, with its log lines recorded. */
async function start(timeouts: HttpServerTimeouts = FAST): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-http-'));
  const ctx: AppContext = createContext(loadConfig({ DATA_DIR: dataDir }), { silent: true });
  const lines: Running['lines'] = [];
  const record =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, msg, fields });
    };
  const log: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  ctx.log = log;
  const server: Server = createHttpServer(ctx, createApp(ctx), timeouts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const r: Running = {
    port: (server.address() as AddressInfo).port,
    lines,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeContext(ctx);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.push(r);
  return r;
}

/** Writes `chunks` on a raw socket (with optional pauses) and resolves with everything received. */
function raw(
  port: number,
  chunks: Array<string | Buffer | { pauseMs: number }>,
  opts: { hangUp?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve(received) : reject(err),
    );
    socket.on('close', () => resolve(received));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'object' && 'pauseMs' in chunk)
          await new Promise((r) => setTimeout(r, chunk.pauseMs));
        else socket.write(chunk);
      }
      if (opts.hangUp) socket.destroy();
    });
  });
}

function parse(response: string): { status: number; headers: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return {
    status,
    headers: head.toLowerCase(),
    body: body ? (JSON.parse(body) as Record<string, unknown>) : {},
  };
}

function expectEnvelope(body: Record<string, unknown>, code: string) {
  expect(body).toMatchObject({
    error: { code, type: 'invalid_request_error', message: expect.any(String) },
    request_id: expect.stringMatching(/^req_/),
    trace_id: expect.stringMatching(/^trace_/),
  });
}

/** Waits for the server's log to hold a line (it is written after the answer is sent). */
const logged = (s: { lines: Array<{ msg: string }> }, msg: string) =>
  vi.waitFor(() => expect(s.lines.map((l) => l.msg)).toContain(msg), { timeout: 5_000, interval: 10 });

describe('answers of the HTTP layer are in the envelope', () => {
  it('a 16 KB URL is a JSON 431', async () => {
    const s = await start();
    const res = parse(
      await raw(s.port, [`GET /v1/assets?q=${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`]),
    );
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expectEnvelope(res.body, 'headers_too_large');
  });

  it('a 20 KB header is a JSON 431', async () => {
    const s = await start();
    const res = parse(
      await raw(s.port, [
        `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
      ]),
    );
    expect(res.status).toBe(431);
    expectEnvelope(res.body, 'headers_too_large');
  });

  it('a malformed request line or header is a JSON 400', async () => {
    const s = await start();
    const line = parse(await raw(s.port, ['GARBAGE\r\n\r\n']));
    expect(line.status).toBe(400);
    expectEnvelope(line.body, 'malformed_request');
    const header = parse(
      await raw(s.port, ['GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n']),
    );
    expect(header.status).toBe(400);
    expectEnvelope(header.body, 'malformed_request');
  });

  it('a Host that is no host name, or none at all, is a JSON 400', async () => {
    const s = await start();
    const bad = parse(
      await raw(s.port, ['GET /healthz HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n']),
    );
    expect(bad.status).toBe(400);
    expectEnvelope(bad.body, 'malformed_request');
    const none = parse(await raw(s.port, ['GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n']));
    expect(none.status).toBe(400);
    expectEnvelope(none.body, 'missing_host');
  });

  it('a foreign Host is a JSON 421 on the real server', async () => {
    const s = await start();
    const res = parse(
      await raw(s.port, [
        'GET /bootstrap HTTP/1.1\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n',
      ]),
    );
    expect(res.status).toBe(421);
    expectEnvelope(res.body, 'host_not_allowed');
  });
});

describe('timeouts and aborts', () => {
  it('headers that stop coming are cut with a JSON 408', async () => {
    const s = await start();
    const res = parse(
      await raw(s.port, ['GET /healthz HTTP/1.1\r\nHost: localhost\r\n', { pauseMs: 1_500 }]),
    );
    expect(res.status).toBe(408);
    expectEnvelope(res.body, 'request_timeout');
  });

  it('a body that stops short is cut with a JSON 408 and logged as an abort, not a server error', async () => {
    const s = await start();
    const head =
      'POST /v1/asset-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const res = parse(await raw(s.port, [head, '{"name":', { pauseMs: 1_500 }]));
    expect(res.status).toBe(408);
    expectEnvelope(res.body, 'request_timeout');
    await logged(s, 'request aborted by the client');
    expect(s.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(s.lines.find((l) => l.msg === 'request')?.fields?.status).toBe(499);
  });

  it('a client hanging up mid-body is logged as an abort with no 500', async () => {
    const s = await start();
    const head =
      'POST /v1/asset-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    await raw(s.port, [head, '{"name":"half', { pauseMs: 50 }], { hangUp: true });
    await logged(s, 'request');
    expect(s.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(s.lines.some((l) => l.msg === 'request aborted by the client')).toBe(true);
    expect(s.lines.find((l) => l.msg === 'request')?.fields?.status).toBe(499);
  });

  it('an upload cut off mid-file is logged as an abort with no 500', async () => {
    const s = await start();
    const head =
      'POST /v1/assets/uploads HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
      'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n' +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    await raw(s.port, [head, Buffer.alloc(2048, 7), { pauseMs: 50 }], { hangUp: true });
    await logged(s, 'request');
    expect(s.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(s.lines.find((l) => l.msg === 'request')?.fields?.status).toBe(499);
  });

  it('a slow but steady body outlasting the idle limit is received whole', async () => {
    const s = await start();
    const body = JSON.stringify({ name: 'slow and steady', description: 'd'.repeat(40) });
    const pieces = body.match(/.{1,8}/g)!;
    const chunks: Array<string | { pauseMs: number }> = [
      'POST /v1/asset-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ];
    for (const piece of pieces) chunks.push({ pauseMs: 150 }, piece);
    const res = parse(await raw(s.port, chunks));
    expect(pieces.length * 150).toBeGreaterThan(FAST.bodyIdleTimeoutMs * 2);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'asset_group', name: 'slow and steady' });
  });

  it('by default lets a 2 GiB upload take hours on a slow link, and headers only seconds', () => {
    const t = defaultTimeouts(2 * 1024 ** 3);
    expect(t.requestTimeoutMs).toBeGreaterThanOrEqual(4 * 3600_000);
    expect(t.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(t.bodyIdleTimeoutMs).toBeLessThanOrEqual(120_000);
    expect(defaultTimeouts(1024).requestTimeoutMs).toBe(10 * 60_000);
  });
});

describe('request bodies through the real HTTP server', () => {
  it('reaches the app whole: a JSON body is read, not swallowed by the stall watch', async () => {
    const r = await start();
    const res = await fetch(`http://127.0.0.1:${r.port}/v1/asset-groups`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-local-dev', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Through the socket', description: 'read whole' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Through the socket', description: 'read whole' });
  });
});
