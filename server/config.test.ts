import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_API_KEY, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the start-up contract defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/app', '.data'),
      apiKeys: [DEFAULT_API_KEY],
      usingDefaultKey: true,
      emulatorSpeed: 1,
      maxUploadBytes: 2 * 1024 ** 3,
      maxJsonBytes: 1024 * 1024,
      staticDir: path.resolve('/srv/app', 'dist'),
    });
    expect(config.upstreamBaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/tmp/ms',
        API_KEYS: ' a-key , b-key,,a-key ',
        EMULATOR_SPEED: '10',
        MAX_UPLOAD_BYTES: '1048576',
        UPSTREAM_BASE_URL: 'https://api.example.com/base/',
        UPSTREAM_API_KEY: 'sk-upstream',
        WEBHOOK_SECRET: 'whsec',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/ms',
      apiKeys: ['a-key', 'b-key'],
      usingDefaultKey: false,
      emulatorSpeed: 10,
      maxUploadBytes: 1048576,
      upstreamBaseUrl: 'https://api.example.com/base',
      upstreamApiKey: 'sk-upstream',
      webhookSecret: 'whsec',
    });
  });

  it('accepts PORT=0 (a free port) and an explicit default key as configured', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    const explicit = loadConfig({ API_KEYS: DEFAULT_API_KEY });
    expect(explicit.usingDefaultKey).toBe(false);
    expect(loadConfig({ API_KEYS: '   ' }).usingDefaultKey).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '80.5' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ EMULATOR_SPEED: '0' }, /EMULATOR_SPEED must be a positive number/],
    [{ EMULATOR_SPEED: 'fast' }, /EMULATOR_SPEED/],
    [{ MAX_UPLOAD_BYTES: '1.5' }, /MAX_UPLOAD_BYTES/],
    [{ MAX_UPLOAD_BYTES: '-5' }, /MAX_UPLOAD_BYTES/],
    [{ API_KEYS: ',,' }, /API_KEYS must list at least one key/],
    [{ API_KEYS: 'good,bad key' }, /API_KEYS entry 2/],
    [{ API_KEYS: 'ключ' }, /API_KEYS entry 1/],
    [{ UPSTREAM_BASE_URL: 'not a url', UPSTREAM_API_KEY: 'k' }, /UPSTREAM_BASE_URL must be an absolute/],
    [{ UPSTREAM_BASE_URL: 'ftp://x.example', UPSTREAM_API_KEY: 'k' }, /http or https/],
    [{ UPSTREAM_BASE_URL: 'https://x.example/v1', UPSTREAM_API_KEY: 'k' }, /without \/v1/],
    [{ UPSTREAM_BASE_URL: 'https://x.example' }, /UPSTREAM_API_KEY is required/],
  ])('rejects %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('host and proxy settings', () => {
  it('read ALLOWED_HOSTS, TRUST_PROXY and PUBLIC_BASE_URL', () => {
    const config = loadConfig({
      ALLOWED_HOSTS: ' Studio.Example.com , .lan,studio.example.com',
      TRUST_PROXY: 'loopback, 10.0.0.0/8 ,::1',
      PUBLIC_BASE_URL: 'https://studio.example.com/',
    });
    expect(config.allowedHosts).toEqual(['studio.example.com', '.lan']);
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(config.publicBaseUrl).toBe('https://studio.example.com');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['*']);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toEqual([]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
  });

  it('refuse values that cannot work, naming the variable', () => {
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://x.example' })).toThrow(/ALLOWED_HOSTS entry/);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'x.example:8787' })).toThrow(/without scheme or port/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY entry/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY entry/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'studio.example.com' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://x.example/studio' })).toThrow(/without a path/);
  });
});

describe('TASK_CONCURRENCY', () => {
  it('is validated at start-up with a message that names it', () => {
    expect(loadConfig({ TASK_CONCURRENCY: '3' }).taskConcurrency).toBe(3);
    expect(loadConfig({}).taskConcurrency).toBeUndefined();
    for (const bad of ['0', '1.5', 'many', '999']) {
      expect(() => loadConfig({ TASK_CONCURRENCY: bad })).toThrow(/TASK_CONCURRENCY must be a whole number/);
    }
  });
});

describe('UPSTREAM_API_KEYS (decision 359)', () => {
  const proxy = { UPSTREAM_BASE_URL: 'https://api.example.com', API_KEYS: 'sk-a,sk-b' };

  it('maps each proxy key to its own upstream key; unmapped keys fall back to UPSTREAM_API_KEY', () => {
    const config = loadConfig({
      ...proxy,
      UPSTREAM_API_KEYS: ' sk-a=up-a== , sk-b=up-b',
      UPSTREAM_API_KEY: 'up',
    });
    expect([...config.upstreamKeyMap]).toEqual([
      ['sk-a', 'up-a=='],
      ['sk-b', 'up-b'],
    ]);
    expect(loadConfig({ ...proxy, UPSTREAM_API_KEY: 'up' }).upstreamKeyMap.size).toBe(0);
    // Every key mapped: UPSTREAM_API_KEY is not needed.
    expect(loadConfig({ ...proxy, UPSTREAM_API_KEYS: 'sk-a=up-a,sk-b=up-b' }).upstreamApiKey).toBeUndefined();
  });

  it.each([
    [{ UPSTREAM_API_KEYS: 'sk-a' }, /entry 1 is not of the form proxykey=upstreamkey/],
    [{ UPSTREAM_API_KEYS: 'sk-a=' }, /entry 1 is not of the form/],
    [{ UPSTREAM_API_KEYS: 'sk-a=up-a,=up-b' }, /entry 2 is not of the form/],
    [{ UPSTREAM_API_KEYS: 'sk-a=up a' }, /entry 1 contains spaces/],
    [{ UPSTREAM_API_KEYS: 'sk-zzz=up-z' }, /entry 1 maps a key that is not in API_KEYS/],
    [{ UPSTREAM_API_KEYS: 'sk-a=sk-b' }, /entry 1 maps to a key that is also in API_KEYS/],
    [{ UPSTREAM_API_KEYS: 'sk-a=up-a,sk-a=up-other' }, /entry 2 maps a proxy key that an earlier entry/],
    [{ UPSTREAM_API_KEYS: 'sk-a=up-a', UPSTREAM_API_KEY: '' }, /API_KEYS entry 2 has no upstream key/],
    [{ UPSTREAM_BASE_URL: '', UPSTREAM_API_KEYS: 'sk-a=up-a' }, /UPSTREAM_API_KEYS needs UPSTREAM_BASE_URL/],
  ])('refuses %j at start-up without naming a key', (extra, message) => {
    const env = { ...proxy, ...extra };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      for (const secret of ['sk-a', 'sk-b', 'up-a', 'up-other', 'sk-zzz', 'up-z']) {
        expect((err as Error).message).not.toContain(secret);
      }
    }
  });
});
