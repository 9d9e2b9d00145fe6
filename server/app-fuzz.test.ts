import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectNoPrototypePollution,
  junkRecord,
  NASTY_KEYS,
  oddNumber,
  oddString,
} from '@contract/test-support/arbitraries';
import { DEFAULT_API_KEY } from './config';
import { makeTestApp, type TestApp } from './test/helpers';

/**
 * Throws generated bodies, query strings and path segments at every route the app has registered
 * (read from `app.routes`, so routes added later are covered without touching this file) and
 * asserts the server never answers 5xx and every error is the envelope of LOCAL_API.md.
 * Outgoing HTTP is stubbed to fail at once: the URLs are junk and nothing here may reach a network.
 */

let t: TestApp;
let staticDir: string;

beforeAll(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED', message: 'refused' } })),
  );
  // A built dashboard of its own: whether `dist/` exists on this machine (it does not in a fresh
  // clone before the e2e build) must not change what the SPA routes answer.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-fuzz-static-'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><title>Media Studio</title><div id="root"></div>',
  );
  t = makeTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
  expectNoPrototypePollution();
});

interface Route {
  method: string;
  path: string;
}

/** Handlers, not middleware: `app.use` registers method ALL. HEAD is served by the GET routes. */
function registeredRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL') continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** Field names the API's bodies use, so that generated objects reach past "unknown field" checks. */
const FIELDS = [
  'url',
  'mode',
  'type',
  'model',
  'name',
  'description',
  'metadata',
  'group_id',
  'purpose',
  'role',
  'domain',
  'prompt',
  'content',
  'duration',
  'ratio',
  'resolution',
  'generate_audio',
  'generateAudio',
  'callback_url',
  'watermark',
  'messages',
  'input',
  'text',
  'voice',
  'voice_asset_id',
  'avatar_asset_id',
  'audio_url',
  'style',
  'title',
  'customMode',
  'stream',
  'max_tokens',
  'response_format',
  'encoding_format',
  'page',
  'page_size',
  'asset_id',
  'image_url',
  'video_url',
  'file',
  'system',
  'tools',
  'temperature',
  'instructions',
] as const;

const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('Asset://asset_x', 'https://example.invalid/a.png', 'video-2.0-cl', '16:9', '720p', 5),
  fc.jsonValue({ maxDepth: 3 }),
  junkRecord,
);

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '{}';
  }
}

/** `parts` names the multipart fields, since a FormData prints as [object FormData] in a counterexample. */
type Body = { contentType?: string; body?: string | FormData; parts?: string[] };

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({}),
  fc
    .dictionary(fieldName, value, { maxKeys: 8 })
    .map((o) => ({ contentType: 'application/json', body: safeJson(o) })),
  fc.jsonValue().map((v) => ({ contentType: 'application/json', body: safeJson(v) })),
  // Nesting far past any limit parses fine but breaks JSON.stringify wherever the value is stored.
  fc.tuple(fieldName, fc.integer({ min: 100, max: 20_000 })).map(([field, depth]) => ({
    contentType: 'application/json',
    body: `{${JSON.stringify(field)}:${'['.repeat(depth)}${']'.repeat(depth)},"model":"video-2.0-cl","prompt":"x"}`,
  })),
  fc
    .tuple(
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data',
      ),
      oddString,
    )
    .map(([contentType, raw]) => ({ contentType, body: raw })),
  fc.dictionary(fieldName, oddString, { maxKeys: 6 }).chain((fields) =>
    fc
      .record({ withFile: fc.boolean(), name: oddString, bytes: fc.uint8Array({ maxLength: 64 }) })
      .map(({ withFile, name, bytes }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        if (withFile) form.append('file', new Blob([bytes]), name.slice(0, 100) || 'f');
        return { body: form, parts: [...form.keys()] };
      }),
  ),
);

const query = fc.dictionary(fieldName, fc.oneof(oddString, oddNumber.map(String)), { maxKeys: 4 }).map((q) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&'),
);

const segment = fc.oneof(
  fc.constantFrom(
    'asset_x',
    'grp_default',
    'task_x',
    'inbox-1',
    '..',
    '%2e%2e',
    '%00',
    'a'.repeat(300),
    '💥',
  ),
  oddString.map((s) => encodeURIComponent(s.slice(0, 200)) || 'x'),
);

/** A concrete URL for a route pattern: each `:param` (and `*`) becomes a generated segment. */
function concrete(pattern: string, segments: string[], q: string): string {
  let i = 0;
  const next = () => segments[i++ % segments.length] ?? 'x';
  const path = pattern
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? next() : part))
    .join('/');
  return q ? `${path}?${q}` : path;
}

/** A request that never gets an answer is a failure of its own, reported with its route. */
const ANSWER_WITHIN_MS = 3_000;

const auth = fc.constantFrom<'key' | 'none' | 'wrong'>('key', 'key', 'key', 'none', 'wrong');

async function check(route: Route, input: { segments: string[]; q: string; body: Body; auth: string }) {
  const url = concrete(route.path, input.segments, input.q);
  const headers: Record<string, string> = {};
  if (input.auth === 'key') headers.authorization = `Bearer ${DEFAULT_API_KEY}`;
  if (input.auth === 'wrong') headers.authorization = 'Bearer sk-wrong';
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody && input.body.contentType) headers['content-type'] = input.body.contentType;
  const where = `${route.method} ${url}`;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${where} did not answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
  });
  const res = await Promise.race([
    t.req(url, {
      method: route.method,
      key: null,
      headers,
      ...(hasBody && input.body.body !== undefined ? { body: input.body.body } : {}),
    }),
    hung,
  ]).finally(() => clearTimeout(timer));
  expect(res.status, where).toBeLessThan(500);
  // HEAD answers carry the headers of GET and no body.
  if (res.status >= 400 && route.method !== 'HEAD') {
    expect(res.headers.get('content-type'), where).toMatch(/^application\/json/);
    const envelope = (await res.json()) as {
      error?: Record<string, unknown>;
      request_id?: unknown;
      trace_id?: unknown;
    };
    expect(envelope.error?.message, where).toEqual(expect.any(String));
    expect(envelope.error?.type, where).toEqual(expect.any(String));
    expect(envelope.error?.code, where).toEqual(expect.any(String));
    expect(envelope.request_id, where).toEqual(expect.stringMatching(/^req_/));
    expect(envelope.trace_id, where).toEqual(expect.any(String));
  } else {
    // Streams (SSE, files) are not read to the end: only the status matters here.
    await res.body?.cancel();
  }
}

describe('every registered route, fuzzed', () => {
  it('finds the routes to fuzz in app.routes', () => {
    const paths = registeredRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['GET /v1/assets', 'POST /v1/assets/uploads', 'GET /bootstrap']),
    );
  });

  it('never answers 5xx, and every error is the envelope', async () => {
    const routes = registeredRoutes();
    const input = fc.record({
      route: fc.constantFrom(...routes),
      segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
      q: query,
      body,
      auth,
    });
    await fc.assert(
      fc.asyncProperty(input, ({ route, ...rest }) => check(route, rest)),
      // Report the first failure as found: shrinking a hang would cost ANSWER_WITHIN_MS per step.
      { numRuns: Math.max(600, routes.length * 25), endOnFailure: true },
    );
  }, 60_000);
});
