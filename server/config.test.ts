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
