import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { keyFromSecretText, loadWebhookSecret, SECRET_FILE, webhookSecretNotice } from './secret';
import { makeTestApp } from '../../test/helpers';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('webhook secret', () => {
  it('is generated once in DATA_DIR with mode 0600 and kept across restarts', () => {
    const dataDir = tempDir();
    const first = loadWebhookSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.source).toBe('file');
    expect(first.text).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(first.key).toHaveLength(32);
    const file = path.join(dataDir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = loadWebhookSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(again.text).toBe(first.text);
    expect(again.key.equals(first.key)).toBe(true);
  });

  it('tightens a restored secret file that others could read', () => {
    const dataDir = tempDir();
    const { text } = loadWebhookSecret(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, SECRET_FILE);
    fs.chmodSync(file, 0o644);
    expect(loadWebhookSecret(loadConfig({ DATA_DIR: dataDir })).text).toBe(text);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('comes from WEBHOOK_SECRET when set, which wins over a kept one', () => {
    const dataDir = tempDir();
    loadWebhookSecret(loadConfig({ DATA_DIR: dataDir }));
    const chosen = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const fromEnv = loadWebhookSecret(loadConfig({ DATA_DIR: dataDir, WEBHOOK_SECRET: chosen }));
    expect(fromEnv).toMatchObject({ source: 'env', text: chosen });
    expect(fromEnv.key.equals(Buffer.alloc(24, 7))).toBe(true);
    // Without the whsec_ prefix the text itself is the key.
    expect(keyFromSecretText('my shared secret', 'WEBHOOK_SECRET').toString()).toBe('my shared secret');
  });

  it('refuses a whsec_ secret that is not base64 or too short, saying what to use', () => {
    expect(() => keyFromSecretText('whsec_not base64!', 'WEBHOOK_SECRET')).toThrow(/not base64/);
    expect(() => keyFromSecretText('whsec_AAAA', 'WEBHOOK_SECRET')).toThrow(/too short/);
    const dataDir = tempDir();
    expect(() => makeTestApp({ dataDir, env: { WEBHOOK_SECRET: 'whsec_%%%' } })).toThrow(/WEBHOOK_SECRET/);
  });

  it('is announced at start-up in local mode only, and never when it came from the environment', async () => {
    const local = makeTestApp();
    const notice = webhookSecretNotice(local.ctx);
    const kept = fs.readFileSync(path.join(local.dataDir, SECRET_FILE), 'utf8').trim();
    expect(notice).toContain(kept);
    await local.close();

    const env = makeTestApp({ env: { WEBHOOK_SECRET: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' } });
    expect(webhookSecretNotice(env.ctx)).toBe('  webhook secret: from WEBHOOK_SECRET');
    await env.close();

    const proxy = makeTestApp({
      env: { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: 'up-key' },
    });
    expect(webhookSecretNotice(proxy.ctx)).toBeUndefined();
    await proxy.close();
  });
});
