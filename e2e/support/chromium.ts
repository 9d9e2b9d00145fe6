import fs from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * How the e2e tests and the browser benches launch Chromium, so that the benches' figures compare
 * with what the tests saw: Debian's where installed (Playwright's own otherwise), headless without
 * a GPU (the machine has none) and without Chromium's own background traffic.
 */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  return {
    executablePath: fs.existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined,
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
