import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startFixtureHost } from '../../server/test/fixture-host';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Once per run: builds the dashboard into a directory of this run's own (so two runs on one machine
 * never overwrite each other's build) and starts the fixture host. Workers inherit what is put in
 * process.env here; each worker then starts its own local server on it (see test.ts).
 * `E2E_STATIC_DIR` reuses an existing build and skips the build step.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const given = process.env.E2E_STATIC_DIR;
  let staticDir: string;
  let ownsBuild = false;
  if (given && fs.existsSync(path.join(given, 'index.html'))) {
    staticDir = path.resolve(given);
  } else {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-e2e-dist-'));
    ownsBuild = true;
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir, '--emptyOutDir'],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  process.env.E2E_STATIC_DIR = staticDir;

  const fixtures = await startFixtureHost();
  process.env.E2E_FIXTURE_ORIGIN = fixtures.origin;

  return async () => {
    await fixtures.close();
    if (ownsBuild) fs.rmSync(staticDir, { recursive: true, force: true });
  };
}
