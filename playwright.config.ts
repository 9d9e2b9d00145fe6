import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8797);
/** A static server for files that tests register "by public URL" (the machine has no internet). */
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 8798);

// Playwright loads this file in the runner and in every worker; workers inherit the runner's env,
// so the fresh data directory is made once.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-e2e-'));
process.env.E2E_FIXTURE_ORIGIN ??= `http://127.0.0.1:${FIXTURE_PORT}`;

const debianChromium = '/usr/bin/chromium';
const useDebianChromium = fs.existsSync(debianChromium);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        ...(useDebianChromium
          ? {
              launchOptions: {
                executablePath: debianChromium,
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }
          : {}),
      },
    },
  ],
  webServer: [
    {
      command: 'npm run build && tsx server/main.ts',
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      // Request logs would drown the test report; errors still reach stderr.
      stdout: 'ignore',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        EMULATOR_SPEED: process.env.E2E_EMULATOR_SPEED ?? '10',
      },
    },
    {
      command: 'tsx e2e/support/fixture-server.ts',
      url: `http://127.0.0.1:${FIXTURE_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FIXTURE_PORT: String(FIXTURE_PORT) },
    },
  ],
});
