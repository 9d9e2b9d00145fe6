import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@contract/asset-schemas';
import { type FixtureHost, startFixtureHost } from '../../test/fixture-host';
import { closedPort } from '../../test/listen';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { INTERNAL_TARGET_CAUSE, isInternalTarget } from './source-privacy';

let host: FixtureHost;
beforeAll(async () => {
  host = await startFixtureHost();
});
afterAll(() => host.close());

let t: TestApp;
afterEach(() => t?.close());

async function syncError(url: string): Promise<string> {
  const res = await t.req('/v1/assets/uploads', { json: { url } });
  expect(res.status, await res.clone().text()).toBe(200);
  const asset = (await res.json()) as Asset;
  expect(asset.status).toBe('failed');
  return asset.sync_error ?? '';
}

describe('sync_error of fetched URLs', () => {
  it('does not tell which internal ports answer when the server is reachable from other machines', async () => {
    // Without ALLOW_PRIVATE_URLS the URL guard refuses private targets before any fetch (url-guard.ts).
    t = makeTestApp({ env: { HOST: '0.0.0.0', ALLOW_PRIVATE_URLS: '1' } });
    const port = await closedPort();
    const refused = await syncError(`http://127.0.0.1:${port}/a.png`);
    const notFound = await syncError(`${host.origin}/missing.png`);
    expect(refused).toBe(notFound);
    expect(refused).toContain(INTERNAL_TARGET_CAUSE);
    expect(refused).not.toMatch(/refused|404|\d{4,5}/);
  });

  it('names the cause on loopback, where only this machine can ask', async () => {
    t = makeTestApp();
    const port = await closedPort();
    expect(await syncError(`http://127.0.0.1:${port}/a.png`)).toMatch(/connection refused/);
    expect(await syncError(`${host.origin}/missing.png`)).toMatch(/HTTP 404/);
  });

  it('classifies addresses and names of the own network', async () => {
    expect(await isInternalTarget('http://10.1.2.3/x')).toBe(true);
    expect(await isInternalTarget('http://[::1]:8080/x')).toBe(true);
    expect(await isInternalTarget('http://[::ffff:192.168.1.1]/x')).toBe(true);
    expect(await isInternalTarget('http://169.254.169.254/latest/meta-data')).toBe(true);
    expect(await isInternalTarget('http://localhost:22/')).toBe(true);
    expect(await isInternalTarget('http://93.184.215.14/x')).toBe(false);
    expect(await isInternalTarget('not a url')).toBe(false);
  });
});
