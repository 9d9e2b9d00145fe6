import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../../e2e/fixtures');
const TYPES: Record<string, string> = { '.png': 'image/png', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg' };

export interface FixtureHost {
  origin: string;
  /** `METHOD path` of every request received, in order. */
  log: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for "a public URL" on loopback with an ephemeral port: any name maps onto
 * e2e/fixtures/sample.<ext> by extension (so tests can put `reject`, `slow`… in the URL), with HEAD
 * and Range like a real file host. Path markers change behaviour:
 * `missing` → 404, `nohead` → HEAD refused (405), `octet` → application/octet-stream,
 * `garbage` → random bytes under the extension's type, `hang` → never answers.
 */
export async function startFixtureHost(): Promise<FixtureHost> {
  const log: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    log.push(`${req.method} ${url.pathname}`);
    const ext = path.extname(url.pathname);
    if (url.pathname.includes('hang')) {
      hanging.add(res);
      return;
    }
    if (url.pathname.includes('missing') || !TYPES[ext]) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (url.pathname.includes('nohead') && req.method === 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const body = url.pathname.includes('garbage')
      ? Buffer.alloc(4096, 7)
      : fs.readFileSync(path.join(FIXTURES, `sample${ext}`));
    const type = url.pathname.includes('octet') ? 'application/octet-stream' : TYPES[ext]!;
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    const headers: Record<string, string | number> = {
      'content-type': type,
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
    };
    if (range) headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released), for "connection refused". */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
