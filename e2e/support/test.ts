import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startLocalServer, type LocalServer } from './local-server';

/** What a person sees: anything but the shell's hidden pre-render of another page. */
const SHOWN = ':not([data-page-warmer], [data-page-warmer] *)';
const PAGE_GETTERS = [
  'locator',
  'getByLabel',
  'getByText',
  'getByPlaceholder',
  'getByTestId',
  'getByTitle',
  'getByAltText',
] as const;

/**
 * The shell pre-renders the next page out of sight once the first settles (page-warmer.tsx,
 * decision 101): its controls are in the document, hidden and inert. `getByRole` never sees them,
 * but `getByLabel`, the other page-wide getters and a bare `page.locator` do: a label of the page
 * shown that is also part of one on the page being warmed ("Name" in "Name (optional)") made two
 * matches, which strict mode fails, only when the timing lined up. Two CI runs failed so. A page's
 * getters skip the pre-render here, once per worker, for pages of any context a test opens; a
 * locator scoped inside another is left as Playwright makes it.
 */
function skipPreRender(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<(typeof PAGE_GETTERS)[number], unknown> & {
    __skipsPreRender?: true;
  };
  if (proto.__skipsPreRender) return;
  proto.__skipsPreRender = true;
  const locator = proto.locator as Page['locator'];
  for (const name of PAGE_GETTERS) {
    const original = proto[name] as (this: Page, ...args: unknown[]) => Locator;
    proto[name] = function (this: Page, ...args: unknown[]) {
      return original.apply(this, args).and(locator.call(this, SHOWN));
    };
  }
}

/**
 * Every spec imports `test` from here: each Playwright worker gets a local server of its own (own
 * port, own DATA_DIR, EMULATOR_SPEED from E2E_EMULATOR_SPEED, default 20) serving the build made
 * once by global-setup.ts, and `baseURL` points at it, so spec files run in parallel workers
 * without sharing state. `localServer.restart()` restarts it on the same data.
 */
export const test = base.extend<object, { localServer: LocalServer; skipsPreRender: void }>({
  skipsPreRender: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      skipPreRender(page);
      await page.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  localServer: [
    // Playwright reads a fixture's dependencies from its destructuring pattern: `{}` means none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const staticDir = process.env.E2E_STATIC_DIR;
      if (!staticDir)
        throw new Error('E2E_STATIC_DIR is not set: run the tests through playwright.config.ts');
      const server = await startLocalServer({ staticDir });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ localServer }, use) => {
    await use(localServer.url);
  },
  // A route handler still running when the test's last step is done (a chunk the page asked for
  // late, fetched through `route.fetch()`) would throw "Response has been disposed" as the context
  // closes, and fail a test whose every step passed: the handlers stop with the test.
  page: async ({ page }, use) => {
    await use(page);
    // A test may have closed its page (or its context) itself: then nothing is routed any more.
    if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
  },
});

export { expect };
export type { LocalServer };

/** The API key of the local server in tests (the default development key). */
export const API_KEY = process.env.E2E_API_KEY ?? 'sk-local-dev';

/** Origin of the fixture host that serves e2e/fixtures "by public URL" (started in global-setup.ts). */
export function fixtureOrigin(): string {
  const origin = process.env.E2E_FIXTURE_ORIGIN;
  if (!origin) throw new Error('E2E_FIXTURE_ORIGIN is not set: run the tests through playwright.config.ts');
  return origin;
}

/**
 * Tag of the tests whose outcome depends on the server's runtime: Node itself (its HTTP server,
 * proxy and zlib), SQLite, or ffmpeg/ffprobe (a render played, an upload probed, speech made or
 * transcribed). CI's second pass (Node 24 and the bundled 2018 ffmpeg, .ci/run) runs only these
 * (`--grep @runtime`) next to the whole unit suite: the rest exercise the browser against the
 * same server answers on either pass. A new test that plays, probes or measures what the server
 * made with one of them carries this tag.
 */
export const RUNTIME = '@runtime';
