import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

// Results of this run in a directory of its own: Playwright empties its output directory when a run
// starts, so two runs on one machine sharing `test-results` would delete each other's traces.
// Set in the runner and inherited by its workers, so every process of one run agrees.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;

const browser = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() };

/** The files that take longest, each a minute or more of worker time in a CI run. */
const LONG_FILES = [
  'storyboard-journey',
  'deployment-from-spec',
  'accessibility',
  'storyboard',
  'storyboard-everywhere',
  'batches',
  'library',
  'playground-a11y',
  'gallery',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: process.env.CI ? 'test-results' : `test-results/run-${process.env.E2E_RUN_ID}`,
  // Files run in parallel, each worker against its own local server (e2e/support/test.ts); tests
  // within a file run in order. One worker more than the cores: a test spends a quarter of its time
  // waiting on the emulator's clock or a poll, with the cores idle; with the extra worker they are
  // not (2 workers left a 2-core machine a quarter idle, 3 kept it busy: decision 341).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? os.availableParallelism() + 1),
  // On CI a failed test runs once more, so the report tells a flake from a break; every test that
  // passed only on its retry is listed under "flaky" at the end of the run, so it is seen, and
  // E2E_FAIL_ON_FLAKY=1 makes it fail the run (decision 151).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: process.env.E2E_FAIL_ON_FLAKY === '1',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // On CI, a trace of the retry of a failed test (Playwright's own CI default): recording every
    // test's trace, to keep the few that fail, was a sixth of the suite's CPU (decision 296). The
    // failed attempt still leaves its screenshot and page snapshot. Locally there is no retry, so
    // every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // The browser asks for reduced motion, as a person may: no assertion depends on motion, and a
    // spinner or skeleton left running repainted every frame for the whole wait on a software
    // compositor, a fifth of the suite's CPU (decision 296). Motion itself is checked in
    // e2e/reduced-motion.spec.ts, and the toasts' and dialogs' specs run with it on.
    reducedMotion: 'reduce',
  },
  // Two projects of one browser, only so that the longest files start first: Playwright queues a
  // run's files project by project, each project's in name order, and a long file queued last kept
  // one worker busy for most of a minute after the others had nothing left (the cores a quarter to
  // a half idle at the end of CI's run: bench/RESULTS.md, seventh session). Every file is in exactly
  // one of the two; a file missing from the list only starts in name order (decision 580).
  projects: [
    { name: 'long', testMatch: LONG_FILES, use: browser },
    { name: 'chromium', testIgnore: LONG_FILES, use: browser },
  ],
});
