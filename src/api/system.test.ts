import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { fetchBootstrap, testConnection } from './system';

afterEach(() => vi.unstubAllGlobals());

const connection = { baseUrl: 'https://api.example.test', apiKey: 'sk-test' };
/** The envelope exactly as the specification shows it: no page_size, no extras. */
const SPEC_LIST = { object: 'list', data: [], count: 0, total: 0, page: 1 };

describe('testConnection (the header badge and Settings → Test connection)', () => {
  it('a deployment that answers as the specification says is connected, without /bootstrap', async () => {
    mockFetch({
      'GET /v1/assets': () => json(SPEC_LIST),
      'GET /bootstrap': () => new Response('Not Found', { status: 404 }),
    });
    await expect(testConnection(connection)).resolves.toEqual({ kind: 'ok', bootstrap: null });
  });

  it('an HTML page (a website, a login page reached by redirect) is not this API', async () => {
    mockFetch({
      'GET /v1/assets': () =>
        new Response('<!doctype html><title>Sign in</title>', { headers: { 'Content-Type': 'text/html' } }),
    });
    expect((await testConnection(connection)).kind).toBe('not-api');
  });

  it('JSON that is not the API at all is not this API', async () => {
    mockFetch({ 'GET /v1/assets': () => json({ status: 'ok', version: 3 }) });
    expect((await testConnection(connection)).kind).toBe('not-api');
    mockFetch({ 'GET /v1/assets': () => json({ ...SPEC_LIST, object: 'user' }) });
    expect((await testConnection(connection)).kind).toBe('not-api');
  });

  it('a refused key is unauthorized, a server error an HTTP error, not "not this API"', async () => {
    mockFetch({ 'GET /v1/assets': () => json({ error: { message: 'bad key' } }, 401) });
    expect((await testConnection(connection)).kind).toBe('unauthorized');
    mockFetch({ 'GET /v1/assets': () => json({ error: { message: 'busy' } }, 503) });
    expect((await testConnection(connection)).kind).toBe('http-error');
  });

  it('one 5xx on the way is asked again before the server is judged (a read is safe to repeat)', async () => {
    let calls = 0;
    mockFetch({
      'GET /v1/assets': () => (++calls === 1 ? json({ error: { message: 'busy' } }, 503) : json(SPEC_LIST)),
    });
    expect((await testConnection(connection, undefined, { describeServer: false })).kind).toBe('ok');
    expect(calls).toBe(2);
  });
});

describe('GET /bootstrap and the key (issue 41: the upstream base URL only to a valid key)', () => {
  const authOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('authorization');

  it('Test connection asks with the key it just checked, so it can name the upstream base URL', async () => {
    const seen: Array<string | null> = [];
    mockFetch({
      'GET /v1/assets': () => json(SPEC_LIST),
      'GET /bootstrap': (_url, init) => {
        seen.push(authOf(init));
        return json({ ...BOOTSTRAP_LOCAL, mode: 'proxy', upstream_base_url: 'https://up.example/base' });
      },
    });
    const result = await testConnection(connection);
    expect(seen).toEqual(['Bearer sk-test']);
    expect(result).toMatchObject({ kind: 'ok', bootstrap: { upstream_base_url: 'https://up.example/base' } });
  });

  it('the first open asks without a key', async () => {
    const seen: Array<string | null> = [];
    mockFetch({
      'GET /bootstrap': (_url, init) => {
        seen.push(authOf(init));
        return json(BOOTSTRAP_LOCAL);
      },
    });
    await fetchBootstrap({ baseUrl: '' });
    expect(seen).toEqual([null]);
  });
});
