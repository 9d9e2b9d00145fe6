import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const proxyEnv = (extra: Record<string, string> = {}) => ({
  UPSTREAM_BASE_URL: 'https://api.example.com:8443/base',
  UPSTREAM_API_KEY: 'sk-upstream-features',
  API_KEYS: 'sk-browser',
  ...extra,
});

describe('emulated features in proxy mode', () => {
  it('are off: no runner, asset worker or webhook sender, no inbox; /bootstrap names the upstream host', async () => {
    t = makeTestApp({ env: proxyEnv() });
    // Only the storyboard's own jobs run (its endpoints are this server's in proxy mode too).
    expect(t.ctx.workers.map((w) => w.name)).toEqual(['task-runner (storyboard_assembly)']);
    const inbox = await t.req('/webhooks/inbox/test', { key: null });
    expect(inbox.status).toBe(404);
    expect(((await inbox.json()) as { error: { message: string } }).error.message).toMatch(
      /LOCAL_FEATURES=inbox/,
    );
    const boot = (await (await t.req('/bootstrap', { key: null })).json()) as Record<string, unknown>;
    expect(boot).toMatchObject({ mode: 'proxy', upstream_host: 'api.example.com:8443', local_features: [] });
    expect(JSON.stringify(boot)).not.toContain('sk-upstream-features');
  });

  it('LOCAL_FEATURES turns them back on one by one', async () => {
    t = makeTestApp({ env: proxyEnv({ LOCAL_FEATURES: 'inbox' }) });
    expect(t.ctx.workers.map((w) => w.name)).toEqual(['task-runner (storyboard_assembly)']);
    expect((await t.req('/webhooks/inbox/test', { key: 'sk-browser' })).status).toBe(200);
    await t.close();
    t = makeTestApp({ env: proxyEnv({ LOCAL_FEATURES: 'workers' }) });
    expect(t.ctx.workers.map((w) => w.name).length).toBeGreaterThanOrEqual(3);
    await t.close();
    expect(() => makeTestApp({ env: proxyEnv({ LOCAL_FEATURES: 'runner' }) })).toThrow(
      /LOCAL_FEATURES entry "runner"/,
    );
  });

  it('local mode keeps everything on', async () => {
    t = makeTestApp();
    expect(t.ctx.workers.length).toBeGreaterThanOrEqual(3);
    expect((await t.req('/webhooks/inbox/test')).status).toBe(200);
  });
});
