import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { deploymentProblem } from './deployment-check';
import { startServerProcess } from './test/server-process';

describe('safe deployment', () => {
  it('off loopback, the default public key is refused with how to set API_KEYS', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'studio.lan']) {
      expect(deploymentProblem(loadConfig({ HOST })), HOST).toMatch(/API_KEYS=.*HOST=127\.0\.0\.1/s);
    }
    expect(deploymentProblem(loadConfig({ HOST: '0.0.0.0', API_KEYS: 'sk-own' }))).toBeUndefined();
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(deploymentProblem(loadConfig({ HOST })), HOST).toBeUndefined();
    }
  });

  it('main.ts exits before listening, saying why', async () => {
    await expect(startServerProcess({ env: { HOST: '0.0.0.0', API_KEYS: '' } })).rejects.toThrow(
      /could not start: HOST=0\.0\.0\.0 .*no API_KEYS are set.*API_KEYS=/s,
    );
    const ok = await startServerProcess({ env: { HOST: '0.0.0.0', API_KEYS: 'sk-deploy-test' } });
    await ok.stop();
  }, 60_000);
});
