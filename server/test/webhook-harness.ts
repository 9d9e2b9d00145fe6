import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Worker } from '../context';
import { createWebhookSender, type SenderOptions } from '../services/webhooks/sender';
import { makeTestApp, type TestApp } from './helpers';

type Cleanup = () => Promise<void> | void;

/**
 * What the webhook tests set up, undone after each test of the file that calls this (last first):
 * test apps, running senders, data directories kept across a restart, and whatever else is handed
 * to `defer()`.
 */
export function webhookHarness() {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });
  const defer = (fn: Cleanup) => {
    cleanups.push(fn);
  };
  return {
    defer,
    app(opts: Parameters<typeof makeTestApp>[0] = {}): TestApp {
      const t = makeTestApp(opts);
      defer(() => t.close());
      return t;
    },
    /** An empty directory for apps that share their data across a restart. */
    dataDir(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      defer(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    /** A webhook sender of the app's, started (the app's own workers are not). */
    sender(t: TestApp, opts?: SenderOptions): Worker {
      const worker = createWebhookSender(t.ctx, opts);
      defer(() => worker.stop());
      worker.start();
      return worker;
    },
  };
}
