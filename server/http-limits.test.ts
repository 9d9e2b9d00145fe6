import fs from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_CONNS_PER_IP, loadConfig } from './config';
import { closeContext, createContext } from './create-context';
import { createHttpServer, defaultTimeouts } from './http-server';
import { fixture } from './test/test-media';

/*
 * Decision 362 in process: the body deadline spares uploads, and the connection cap counts per
 * address and spares TRUST_PROXY peers. keyless-attacks.process.test.ts runs the attacks themselves.
 */

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function start(env: Record<string, string> = {}, bodyTimeoutMs = 600): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-limits-'));
  const ctx = createContext(loadConfig({ DATA_DIR: dataDir, ...env }), { silent: true });
  const timeouts = { ...defaultTimeouts(ctx.config.maxUploadBytes, bodyTimeoutMs), checkIntervalMs: 100 };
  const server: Server = createHttpServer(ctx, createApp(ctx), timeouts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeContext(ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return (server.address() as AddressInfo).port;
}

interface Conn {
  socket: net.Socket;
  /** Everything received once the server closed the connection. */
  closed: Promise<string>;
}

function connect(port: number, localAddress = '127.0.0.1'): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    const closed = new Promise<string>((done) => {
      socket.on('data', (d) => (received += d.toString()));
      socket.on('close', () => done(received));
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `chunks` one every `everyMs`. */
async function trickle(socket: net.Socket, chunks: Array<string | Buffer>, everyMs: number): Promise<void> {
  for (const chunk of chunks) {
    if (socket.destroyed) return;
    socket.write(chunk);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const status = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);

describe('body deadline', () => {
  it('defaults to 30 s, and MAX_CONNS_PER_IP to 128', () => {
    expect(DEFAULT_BODY_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).requestBodyTimeoutMs).toBe(30_000);
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(DEFAULT_MAX_CONNS_PER_IP);
    expect(DEFAULT_MAX_CONNS_PER_IP).toBe(128);
    expect(() => loadConfig({ MAX_CONNS_PER_IP: '0' })).toThrow(/MAX_CONNS_PER_IP/);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: 'soon' })).toThrow(/BODY_TIMEOUT_MS/);
  });

  it('cuts a JSON body still arriving at the deadline, though it never went silent', async () => {
    const port = await start();
    const { socket, closed } = await connect(port);
    const body = JSON.stringify({ name: 'x'.repeat(40) });
    void trickle(
      socket,
      [
        'POST /v1/asset-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        ...body.match(/.{1,2}/g)!,
      ],
      50,
    );
    const response = await closed;
    expect(status(response)).toBe(408);
    expect(response).toContain('"code":"request_timeout"');
    expect(response).toContain('within 0.6 s of its headers');
  });

  it('spares a multipart upload that takes longer', async () => {
    const port = await start();
    const png = fs.readFileSync(fixture('sample.png'));
    const head =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n';
    const body = Buffer.concat([Buffer.from(head), png, Buffer.from('\r\n--b--\r\n')]);
    const pieces = Array.from({ length: 12 }, (_, i) =>
      body.subarray(Math.floor((i * body.length) / 12), Math.floor(((i + 1) * body.length) / 12)),
    );
    const { socket, closed } = await connect(port);
    const started = Date.now();
    await trickle(
      socket,
      [
        'POST /v1/assets/uploads HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk-local-dev\r\n' +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ...pieces,
      ],
      100,
    );
    const response = await closed;
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(status(response), response).toBe(200);
    expect(response).toContain('"object":"asset"');
  });
});

describe('connections per address', () => {
  it('refuses the connection past the cap with a 429 envelope, and takes one again once one closes', async () => {
    const port = await start({ MAX_CONNS_PER_IP: '3' });
    const held = await Promise.all([1, 2, 3].map(() => connect(port, '127.0.0.5')));
    const fourth = await connect(port, '127.0.0.5');
    const refused = await fourth.closed;
    expect(status(refused)).toBe(429);
    expect(refused).toContain('"code":"too_many_connections"');
    expect(refused).toContain('MAX_CONNS_PER_IP');

    // Another address is counted apart.
    const other = await connect(port, '127.0.0.6');
    other.socket.end('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(status(await other.closed)).toBe(200);

    held[0]!.socket.destroy();
    await held[0]!.closed;
    // A freed place is taken once the server has seen the close: asked until then, not after a
    // guess of time a loaded machine can outlast.
    await vi.waitFor(
      async () => {
        const again = await connect(port, '127.0.0.5');
        again.socket.end('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
        expect(status(await again.closed)).toBe(200);
      },
      { timeout: 5_000, interval: 20 },
    );
    for (const c of held) c.socket.destroy();
  });

  it('does not cap a TRUST_PROXY peer, which carries every client’s connections', async () => {
    const port = await start({ MAX_CONNS_PER_IP: '2', TRUST_PROXY: '127.0.0.7' });
    const held = await Promise.all([1, 2, 3, 4].map(() => connect(port, '127.0.0.7')));
    held[3]!.socket.end('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(status(await held[3]!.closed)).toBe(200);
    for (const c of held) c.socket.destroy();
  });
});
