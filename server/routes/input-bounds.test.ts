import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BOUNDS } from '@contract/bounded-json';
import { MAX_JSON_BODY_DEPTH } from '../http';
import { warmSchemaWorkers } from '../services/text/schemas/schema-pool';
import { CRASH_WORDS, makeTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
afterEach(() => t?.close());

interface Envelope {
  error: { message: string; code: string; param?: string };
}

/** `{"a":{"a":…}}` nested `depth` levels, as text (JSON.stringify itself overflows on deep values). */
function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function registerText(metadataText: string) {
  return t.req('/v1/assets/uploads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"url":"https://example.invalid/cat.png","metadata":${metadataText}}`,
  });
}

describe('bounded metadata', () => {
  it('refuses metadata nested 4,100 levels deep before parsing it, and the group keeps working', async () => {
    t = makeTestApp();
    const res = await registerText(nestedText(4100));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('json_too_deep');
    expect(body.error.message).toContain(`${MAX_JSON_BODY_DEPTH} levels`);
    expect((await t.req('/v1/assets')).status).toBe(200);
  });

  it('refuses metadata deeper than its own limit with a 400 naming metadata and the limit', async () => {
    t = makeTestApp();
    const res = await registerText(nestedText(METADATA_BOUNDS.maxDepth + 1));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.param).toBe('metadata');
    expect(body.error.message).toContain(`${METADATA_BOUNDS.maxDepth} levels`);
    expect((await registerText(nestedText(METADATA_BOUNDS.maxDepth))).status).toBe(200);
  });

  it('refuses too many keys and too many bytes, naming each limit', async () => {
    t = makeTestApp();
    const many = Object.fromEntries(
      Array.from({ length: METADATA_BOUNDS.maxKeys + 1 }, (_, i) => [`k${i}`, i]),
    );
    const keys = await registerText(JSON.stringify(many));
    expect(keys.status).toBe(400);
    expect(((await keys.json()) as Envelope).error.message).toContain(`${METADATA_BOUNDS.maxKeys} keys`);
    const big = await registerText(JSON.stringify({ text: 'x'.repeat(METADATA_BOUNDS.maxBytes) }));
    expect(big.status).toBe(400);
    expect(((await big.json()) as Envelope).error.message).toContain(`${METADATA_BOUNDS.maxBytes} bytes`);
  });

  it('a stored row whose metadata cannot be written back is listed without it, never a 500', async () => {
    t = makeTestApp();
    const res = await t.req('/v1/assets/uploads', {
      json: { url: 'https://example.invalid/ok.png', metadata: { tag: 'fine' } },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    // What a server before the bound could store: this breaks JSON.stringify on the way out.
    t.ctx.db.prepare('UPDATE assets SET metadata = ? WHERE id = ?').run(nestedText(20_000), id);
    const list = await t.req('/v1/assets');
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { data: Array<{ id: string; metadata?: unknown }> };
    expect(listed.data.find((a) => a.id === id)).toBeDefined();
    expect(listed.data.find((a) => a.id === id)!.metadata).toBeUndefined();
    const detail = await t.req(`/v1/assets/${id}`);
    expect(detail.status).toBe(200);
  });
});

describe('names', () => {
  it('refuses NUL and other control characters in group and asset names', async () => {
    t = makeTestApp();
    for (const name of ['bad\u0000name', 'esc\u001b[2J', 'line\nbreak', 'del\u007f']) {
      const group = await t.req('/v1/asset-groups', { json: { name } });
      expect(group.status, JSON.stringify(name)).toBe(400);
      expect(((await group.json()) as Envelope).error).toMatchObject({ param: 'name' });
      const asset = await t.req('/v1/assets/uploads', {
        json: { url: 'https://example.invalid/a.png', name },
      });
      expect(asset.status).toBe(400);
    }
    const multiline = await t.req('/v1/asset-groups', {
      json: { name: 'ok', description: 'two\nlines\tfine' },
    });
    expect(multiline.status).toBe(200);
    const nul = await t.req('/v1/asset-groups', { json: { name: 'ok', description: 'nul\u0000' } });
    expect(nul.status).toBe(400);
  });

  it('drops control characters from a name taken from the uploaded file name', async () => {
    t = makeTestApp();
    // RFC 5987 lets a client put any character into a file name, a BEL here.
    const body =
      '--b\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8\'\'a%07b.png\r\n' +
      'Content-Type: image/png\r\n\r\n\u0001\u0002\u0003\r\n--b--\r\n';
    const res = await t.req('/v1/assets/uploads', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('ab.png');
  });
});

describe('multipart limits', () => {
  const png = (size: number) => new Blob([new Uint8Array(size).fill(7)], { type: 'image/png' });

  it('accepts a file of exactly MAX_UPLOAD_BYTES and refuses one byte more', async () => {
    t = makeTestApp({ env: { MAX_UPLOAD_BYTES: '4096' } });
    const exact = new FormData();
    exact.append('file', png(4096), 'exact.png');
    const ok = await t.req('/v1/assets/uploads', { method: 'POST', body: exact });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { size: number }).size).toBe(4096);
    const over = new FormData();
    over.append('file', png(4097), 'over.png');
    expect((await t.req('/v1/assets/uploads', { method: 'POST', body: over })).status).toBe(413);
  });

  it('a file after the parts limit is told the limit it hit, not that the file is missing', async () => {
    t = makeTestApp();
    const form = new FormData();
    for (let i = 0; i < 120; i++) form.append(`extra${i}`, 'x');
    form.append('file', png(10), 'late.png');
    const res = await t.req('/v1/assets/uploads', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('too_many_parts');
    expect(body.error.message).toMatch(/at most 50 fields and 100 parts/);
  });
});

/*
 * Issue 35 §2: schemas sent in `response_format` or a tool's input schema made the example builder
 * build whatever sizes they asked for (5 GB and a dead process, 44 s of blocked event loop). Each
 * must be a 4xx naming the field, or a 200, within a second.
 */
describe('hostile JSON Schemas for tools and structured output', () => {
  // What is timed is the schema work, not the schema workers loading (a server starts them early).
  beforeAll(() => warmSchemaWorkers());
  const nestTwice = (k: string, n: number): unknown =>
    n === 0 ? { type: 'string' } : { [k]: [nestTwice(k, n - 1), nestTwice(k, n - 1)] };
  const nestArrays = (n: number): Record<string, unknown> =>
    n === 0 ? { type: 'string' } : { type: 'array', items: nestArrays(n - 1), minItems: 1000 };
  const manyProps = Object.fromEntries(
    Array.from({ length: 10_000 }, (_, i) => [`p${i}`, { type: 'string' }]),
  );
  const HOSTILE: Array<[string, Record<string, unknown>]> = [
    ['minItems 100000000', { type: 'array', items: { type: 'string' }, minItems: 100_000_000 }],
    ['minItems 1000 nested three deep', nestArrays(3)],
    ['anyOf nested 15 deep', nestTwice('anyOf', 15) as Record<string, unknown>],
    ['allOf nested 15 deep', nestTwice('allOf', 15) as Record<string, unknown>],
    ['$ref to itself', { $ref: '#' }],
    [
      '$ref cycle through $defs',
      { $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' },
    ],
    ['minLength 1e9', { type: 'string', minLength: 1e9 }],
    ['10,000 properties', { type: 'object', properties: manyProps, required: Object.keys(manyProps) }],
    ['minProperties 1e6', { type: 'object', minProperties: 1_000_000 }],
  ];
  const wrapObject = (schema: Record<string, unknown>) => ({
    type: 'object',
    properties: { l: schema },
    required: ['l'],
  });

  it.each(HOSTILE)(
    '%s in a Messages tool input_schema: 4xx naming the field or 200, within 1 s',
    async (_name, schema) => {
      t = makeTestApp();
      const started = performance.now();
      const res = await t.req('/v1/messages', {
        headers: { 'anthropic-version': '2023-06-01' },
        json: {
          model: 'service-messages',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'get_weather' }],
          tools: [{ name: 'get_weather', description: 'w', input_schema: wrapObject(schema) }],
        },
      });
      expect(performance.now() - started).toBeLessThan(1000);
      const text = await res.text();
      expect(text).not.toMatch(CRASH_WORDS);
      if (res.status !== 200) {
        expect(res.status, text).toBeGreaterThanOrEqual(400);
        expect(res.status, text).toBeLessThan(500);
        expect(text).toContain('tools[0].input_schema');
      }
    },
  );

  it.each(HOSTILE)(
    '%s as response_format: 4xx naming the field or 200, within 1 s',
    async (_name, schema) => {
      t = makeTestApp();
      const started = performance.now();
      const res = await t.req('/v1/chat/completions', {
        json: {
          model: 'service-chat',
          messages: [{ role: 'user', content: 'hello' }],
          response_format: { type: 'json_schema', json_schema: { name: 'x', schema: wrapObject(schema) } },
        },
      });
      expect(performance.now() - started).toBeLessThan(1000);
      const text = await res.text();
      expect(text).not.toMatch(CRASH_WORDS);
      if (res.status !== 200) {
        expect(res.status, text).toBeGreaterThanOrEqual(400);
        expect(res.status, text).toBeLessThan(500);
        expect(text).toContain('response_format');
      }
    },
  );
});
