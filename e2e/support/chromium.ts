import fs from 'node:fs';

/**
 * Debian's Chromium builds, best first. The headless shell is the same Blink without the browser's
 * UI process work (Playwright's own default for headless runs): the suite spent about a fifth less
 * CPU with it, and every test, video playback and seeking included, passes alike (decision 296).
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * How the e2e tests and the browser benches launch Chromium, so that the benches' figures compare
 * with what the tests saw: `E2E_CHROMIUM` if set (`npm test` sets it to the one it found or
 * installed: scripts/test-machine.ts), else Debian's where installed (Playwright's own otherwise),
 * headless without a GPU (the machine has none) and without Chromium's own background traffic.
 */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  return {
    executablePath: process.env.E2E_CHROMIUM ?? DEBIAN_CHROMIUMS.find((file) => fs.existsSync(file)),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
