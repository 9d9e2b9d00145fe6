/**
 * Serves e2e/fixtures over HTTP on loopback so that tests can register assets "by public URL"
 * on a machine without internet. Supports HEAD and Range like a real file host. Started once per
 * Playwright run by global-setup.ts (port 0: concurrent runs never collide); also runnable alone.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '../fixtures');
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain',
};

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  // Any name maps onto a fixture by extension, so tests can put "reject" or "slow" in the URL.
  const name = path.basename(decodeURIComponent(url.pathname));
  const direct = path.join(root, name);
  const byExt = path.join(root, `sample${path.extname(name)}`);
  const file = fs.existsSync(direct) ? direct : byExt;
  if (!name || !fs.existsSync(file) || url.pathname.includes('missing')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const size = fs.statSync(file).size;
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
  if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.writeHead(206, {
      'content-type': type,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { 'content-type': type, 'content-length': size, 'accept-ranges': 'bytes' });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
}

/** Starts the fixture host on 127.0.0.1 (`port` 0 picks a free one); resolves with its origin. */
export function startFixtureServer(port = 0): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(handle);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${actual}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { origin } = await startFixtureServer(Number(process.env.FIXTURE_PORT ?? 8798));
  console.log(`fixture server on ${origin}`);
}
