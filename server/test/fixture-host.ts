import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { listenOnLoopback } from './listen';

const FIXTURES = path.resolve(import.meta.dirname, '../../e2e/fixtures');

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
 * library bench: serves e2e/fixtures with HEAD and Range like a real file host, through Hono's
 * serveStatic and MIME table as the server serves its own files. Path markers change behaviour:
 * `missing` → 404, `nohead` → HEAD refused (405), `octet` → application/octet-stream, `garbage` →
 * 4 KiB of junk under the extension's type, `hang` → never answers. `/healthz` answers
 * `{"ok":true}`. `port` 0 (the default) picks a free one, so concurrent runs never collide.
 */
export async function startFixtureHost(port = 0): Promise<FixtureHost> {
  const log: string[] = [];
  const app = new Hono();
  app.use(async (c, next) => {
    log.push(`${c.req.method} ${c.req.path}`);
    await next();
  });
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.all('*', async (c, next) => {
    const pathname = c.req.path;
    // Answered when the host closes, which destroys the connection.
    if (marked(pathname, 'hang')) return new Promise<Response>(() => undefined);
    const file = fixtureFor(pathname);
    if (!file || marked(pathname, 'missing')) return c.text('not found', 404);
    if (marked(pathname, 'nohead') && c.req.method === 'HEAD') return c.body(null, 405);
    if (marked(pathname, 'garbage')) {
      return c.body(new Uint8Array(4096).fill(7), 200, {
        'content-type': getMimeType(file) ?? 'application/octet-stream',
      });
    }
    // Said on every answer, as file hosts do: a client may ask for ranges before it sends one.
    c.header('accept-ranges', 'bytes');
    const res = await serveStatic({ path: file })(c, next);
    if (res && marked(pathname, 'octet')) res.headers.set('content-type', 'application/octet-stream');
    return res;
  });
  const listening = await listenOnLoopback(app, { port });
  return { origin: listening.origin, log, close: listening.close };
}

// Run alone (`npx tsx server/test/fixture-host.ts`, FIXTURE_PORT default 8798): what the bench starts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { origin } = await startFixtureHost(Number(process.env.FIXTURE_PORT ?? 8798));
  console.log(`fixture host on ${origin}`);
}
