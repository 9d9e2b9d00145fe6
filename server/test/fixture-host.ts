import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(import.meta.dirname, '../../e2e/fixtures');
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain',
};

export interface FixtureHost {
  origin: string;
  /** `METHOD path` of every request received, in order. */
  log: string[];
  close(): Promise<void>;
}

/** A marker is a whole path segment or name part (`/nohead/a.png`, `hang.png`), never a substring of a word. */
const marked = (pathname: string, marker: string) =>
  new RegExp(`(^|[/._-])${marker}([/._-]|$)`, 'i').test(pathname);

/**
 * The file a path names: e2e/fixtures/<name> when it exists, else sample.<ext> by extension (so a
 * URL can carry `reject`, `slow`… in its name), else undefined.
 */
function fixtureFor(pathname: string): string | undefined {
  const name = path.basename(decodeURIComponent(pathname));
  if (!name) return undefined;
  for (const candidate of [path.join(FIXTURES, name), path.join(FIXTURES, `sample${path.extname(name)}`)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * A stand-in for "a public URL" on loopback, for server tests, the e2e run (global-setup.ts) and the
 * library bench: serves e2e/fixtures with HEAD and Range like a real file host. Path markers change
 * behaviour: `missing` → 404, `nohead` → HEAD refused (405), `octet` → application/octet-stream,
 * `garbage` → 4 KiB of junk under the extension's type, `hang` → never answers. `/healthz` answers
 * `{"ok":true}`. `port` 0 (the default) picks a free one, so concurrent runs never collide.
 */
export async function startFixtureHost(port = 0): Promise<FixtureHost> {
  const log: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    log.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (marked(url.pathname, 'hang')) {
      hanging.add(res);
      return;
    }
    const file = fixtureFor(url.pathname);
    if (!file || marked(url.pathname, 'missing')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (marked(url.pathname, 'nohead') && req.method === 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const body = marked(url.pathname, 'garbage') ? Buffer.alloc(4096, 7) : fs.readFileSync(file);
    const type = marked(url.pathname, 'octet')
      ? 'application/octet-stream'
      : (TYPES[path.extname(file)] ?? 'application/octet-stream');
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${actual}`,
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

// Run alone (`npx tsx server/test/fixture-host.ts`, FIXTURE_PORT default 8798): what the bench starts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { origin } = await startFixtureHost(Number(process.env.FIXTURE_PORT ?? 8798));
  console.log(`fixture host on ${origin}`);
}
