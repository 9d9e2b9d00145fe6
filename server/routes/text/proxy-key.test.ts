import type http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp } from '../../test/helpers';
import { listenOnLoopback, type Listening } from '../../test/listen';

let upstream: Listening;
let upstreamUrl: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"type":"message"}');
    });
  });
  upstreamUrl = upstream.origin;
});
afterAll(() => upstream.close());

it('in proxy mode, a key sent as x-api-key to the Messages API is checked here and never forwarded', async () => {
  const t = makeTestApp({
    env: { UPSTREAM_BASE_URL: upstreamUrl, UPSTREAM_API_KEY: 'sk-upstream-secret', API_KEYS: 'sk-browser' },
  });
  try {
    const res = await t.req('/v1/messages', {
      method: 'POST',
      key: null,
      headers: { 'x-api-key': 'sk-browser' },
      json: { model: 'service-messages', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] },
    });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['x-api-key']).toBeUndefined();
    expect(seen[0]!.authorization).toBe('Bearer sk-upstream-secret');
    expect(JSON.stringify(seen[0])).not.toContain('sk-browser');
  } finally {
    await t.close();
  }
});
