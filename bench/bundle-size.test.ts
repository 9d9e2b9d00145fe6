import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureInitialLoad } from './bundle-size.bench';

/*
 * The shell and the first route's code and strings (decisions 140, 200), as the server sends them
 * (brotli, one language and its fallback). Issue 19's 150 KB target is for everything on the wire
 * before the first paint: e2e/first-load.spec.ts. 176.1 KB before decision 200 (without the
 * strings), 170.1 KB after it for English; 144.3 KB after decisions 230-246 (i18next,
 * tailwind-merge and the virtualiser out): the ceiling is 150 KB. A Chinese page also preloads the
 * English fallback's strings (5.5 KB more): 155 KB. Files on disk only, so no browser: the build
 * `npm test` made (E2E_STATIC_DIR), or one of its own when run alone.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let dist = '';
let made: string | undefined;

beforeAll(async () => {
  const given = process.env.E2E_STATIC_DIR;
  if (given && fs.existsSync(path.join(given, 'index.html'))) {
    dist = path.resolve(given);
    return;
  }
  made = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
  // A process of its own, as `npm run build` runs: inside Vitest, NODE_ENV=test would build React's
  // development copy (197 KB measured, not the build anyone is served).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  await promisify(execFile)(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      made,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, env },
  );
  dist = made;
}, 600_000);

afterAll(() => {
  if (made) fs.rmSync(made, { recursive: true, force: true });
});

describe('the built dashboard', () => {
  it('loads under 150 KB compressed at first (155 KB in Chinese)', () => {
    expect(fs.existsSync(path.join(dist, 'index.html'))).toBe(true);
    expect(measureInitialLoad(dist, ['en']).totalBrotli).toBeLessThan(150 * 1024);
    expect(measureInitialLoad(dist, ['zh-CN', 'en']).totalBrotli).toBeLessThan(155 * 1024);
  });
});
