import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { Worker } from './context';
import { closeContext, createContext, startWorkers } from './create-context';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function context(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-ctx-'));
  dirs.push(dataDir);
  return createContext(loadConfig({ DATA_DIR: dataDir, ...env }), { silent: true });
}

function fakeWorker(name: string, events: string[], failStop = false): Worker {
  return {
    name,
    start: () => void events.push(`start ${name}`),
    stop: async () => {
      events.push(`stop ${name}`);
      if (failStop) throw new Error('stuck');
    },
  };
}

describe('createContext', () => {
  it('opens the migrated database and scales simulated time by EMULATOR_SPEED', async () => {
    const ctx = context({ EMULATOR_SPEED: '4' });
    expect(ctx.scaled(1000)).toBe(250);
    expect(ctx.db.prepare("SELECT name FROM sqlite_master WHERE name = 'settings'").get()).toBeTruthy();
    await closeContext(ctx);
    expect(ctx.db.open).toBe(false);
  });

  it('starts workers on demand and stops every one at close, even if one fails', async () => {
    const ctx = context();
    const events: string[] = [];
    ctx.workers = [fakeWorker('a', events, true), fakeWorker('b', events)];
    startWorkers(ctx);
    expect(events).toEqual(['start a', 'start b']);
    await closeContext(ctx);
    expect(events).toEqual(['start a', 'start b', 'stop a', 'stop b']);
    expect(ctx.db.open).toBe(false);
    await closeContext(ctx);
  });
});
