import type http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { listenOnLoopback, type Listening } from '../test/listen';

/** Decision 640 in proxy mode: the upstream's answer is recorded, the key never forwarded. */

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let upstream: Listening;
let seen: Seen[] = [];
/** Holds the upstream's answers until called (a slow deployment), when set. */
let gate: Promise<void> | undefined;
let created = 0;

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      void (gate ?? Promise.resolve()).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `task_up_${++created}`, status: 'pending' }));
      });
    });
  });
});
afterAll(() => upstream.close());

let t: TestApp;
const servers: Listening[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await t?.close();
  seen = [];
  gate = undefined;
});

const proxyApp = () =>
  (t = makeTestApp({
    env: { UPSTREAM_BASE_URL: upstream.origin, UPSTREAM_API_KEY: 'sk-upstream', API_KEYS: 'sk-browser' },
  }));

const body = { model: 'video-2.0-cl', prompt: 'A cat' };
const post = (key: string, json: object = body, signal?: AbortSignal) =>
  t.req('/v1/videos', { key: 'sk-browser', json, headers: { 'Idempotency-Key': key }, signal });

/** A gate the test opens: the upstream answers nothing until then. */
function hold(): () => void {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  return open;
}
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe('Idempotency-Key in proxy mode', () => {
  it("replays the upstream's answer without a second upstream call, and never forwards the key", async () => {
    proxyApp();
    const first = await post('proxy-key');
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    const again = await post('proxy-key');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(id);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(JSON.parse(seen[0]!.body)).toEqual(body);
    // Another body under the key never reaches the upstream.
    expect((await post('proxy-key', { ...body, prompt: 'A dog' })).status).toBe(422);
    expect(seen).toHaveLength(1);
  });

  it('a repeat while the first is still with the upstream is a 409; after, the same task', async () => {
    proxyApp();
    const open = hold();
    const first = post('slow-key');
    await until(() => seen.length === 1);
    const during = await post('slow-key');
    expect(during.status).toBe(409);
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_key_in_flight',
    );
    open();
    const answered = (await (await first).json()) as { id: string };
    const after = await post('slow-key');
    expect(((await after.json()) as { id: string }).id).toBe(answered.id);
    expect(seen).toHaveLength(1);
  });

  it('a caller that goes away mid-request does not cut the upstream POST off: its retry gets that task', async () => {
    proxyApp();
    const before = created;
    const open = hold();
    const caller = new AbortController();
    const first = post('reload-key', body, caller.signal);
    await until(() => seen.length === 1);
    caller.abort();
    open();
    await first.catch(() => undefined);
    await until(() => created === before + 1);
    const retry = await post('reload-key');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { id: string }).id).toBe(`task_up_${created}`);
    expect(seen).toHaveLength(1);
  });

  it('over a real socket, the keyed body read here still reaches the upstream whole', async () => {
    proxyApp();
    const server = await listenOnLoopback(getRequestListener(t.app.fetch));
    servers.push(server);
    const send = () =>
      fetch(`${server.origin}/v1/videos`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk-browser',
          'content-type': 'application/json',
          'Idempotency-Key': 'socket-key',
          host: 'localhost',
        },
        body: JSON.stringify(body),
      });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(seen.map((s) => JSON.parse(s.body) as unknown)).toEqual([body]);
  });
});
