import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const PAGES = [
  { link: 'Groups', heading: 'Asset groups' },
  { link: 'Composer', heading: 'Composer' },
  { link: 'Digital human & music', heading: 'Digital human & music' },
  { link: 'Tasks', heading: 'Tasks' },
  { link: 'Playground', heading: 'Playground' },
  { link: 'Settings', heading: 'Settings' },
] as const;

/** Records, in the page, every time a loading spinner (role=status "Loading…") appears in <main>. */
async function watchForPageSpinner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { spinnerSeen: number };
    w.spinnerSeen = 0;
    const main = document.getElementById('main')!;
    new MutationObserver(() => {
      const statuses = main.querySelectorAll('[role="status"]');
      if ([...statuses].some((s) => /Loading/.test(s.textContent ?? ''))) w.spinnerSeen += 1;
    }).observe(main, { childList: true, subtree: true });
  });
}

test('once the first page is idle, every other page opens without a spinner', async ({ page }) => {
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  // Idle prefetching has finished (every page's code fetched and pre-rendered).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('media-studio:page-prefetch-done').length), {
      timeout: 30_000,
    })
    .toBe(1);
  await page.waitForLoadState('networkidle');
  await watchForPageSpinner(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { link, heading } of PAGES) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { spinnerSeen: number }).spinnerSeen)).toBe(0);
});

test('a page whose code is still loading keeps the current page on screen instead of a spinner', async ({
  page,
}) => {
  // Hold the settings page's chunk on the wire, as a slow link would, and keep idle prefetching
  // from fetching it first.
  let release!: () => void;
  let entered!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (entered = resolve));
  await page.route(/\/assets\/settings-page-[^/]+\.js$/, async (route) => {
    entered();
    await held;
    await route.continue();
  });
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await watchForPageSpinner(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  // While the code is on the wire the library stays, and no spinner replaces it.
  await requested;
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { spinnerSeen: number }).spinnerSeen)).toBe(0);
});

test('hovering a navigation link fetches that page ahead of the click', async ({ page }) => {
  // No idle period ever comes, so only the hover can fetch the page.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const request = page.waitForRequest(/\/assets\/playground-page-[^/]+\.js$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).hover();
  await request;
});

test('hovering or focusing a navigation link fetches the first data that page shows', async ({ page }) => {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  const groups = page.waitForRequest((r) => /\/v1\/asset-groups\?page=1&page_size=50$/.test(r.url()));
  await nav.getByRole('link', { name: 'Groups' }).hover();
  await groups;
  // The page then shows the list from the cache: no second request for it on the click.
  const again: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/asset-groups')) again.push(r.url());
  });
  await nav.getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
  expect(again).toEqual([]);

  // Focus (keyboard) does the same for the task forms' group picker.
  const picker = page.waitForRequest((r) => /\/v1\/asset-groups\?page=1&page_size=100$/.test(r.url()));
  await nav.getByRole('link', { name: 'Digital human & music' }).focus();
  await picker;
});

test('idle prefetching starts only once the first page has its own code and data', async ({ page }) => {
  const started = new Map<string, number>();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (!started.has(p)) started.set(p, Date.now());
  });
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  const markTime = () =>
    page.evaluate((mark) => {
      const entry = performance.getEntriesByName(mark)[0];
      return entry ? performance.timeOrigin + entry.startTime : 0;
    }, 'media-studio:page-prefetch');
  await expect.poll(markTime).toBeGreaterThan(0);
  const markAt = await markTime();
  const library = [...started].filter(([p]) => /\/app-[^/]+\.js$|\/v1\/assets$/.test(p));
  expect(library.length).toBeGreaterThan(0);
  for (const [p, at] of library) expect(at, p).toBeLessThan(markAt);
  // And no other page's code was asked for before it.
  const early = [...started].filter(
    ([p, at]) => /\/(groups|settings|tasks|playground|composer)-page-/.test(p) && at < markAt,
  );
  expect(early).toEqual([]);
});

// The page-wide getters of every test skip the hidden pre-render (e2e/support/test.ts): "Name" on
// the storyboard also matched the digital-human form's "Name (optional)" being warmed beside it.
test('a test finds the page shown, never the pre-render of another beside it', async ({ page }) => {
  await page.setContent(`
    <main><label for="a">Name</label><input id="a" value="Pier chase" /><p>Assemble</p></main>
    <div data-page-warmer inert hidden>
      <label for="b">Name (optional)</label><input id="b" placeholder="Avatar" /><p>Assemble</p>
    </div>`);
  await expect(page.getByLabel('Name')).toHaveValue('Pier chase');
  await expect(page.getByText('Assemble')).toHaveCount(1);
  await expect(page.getByPlaceholder('Avatar')).toHaveCount(0);
  await expect(page.locator('input')).toHaveCount(1);
  await expect(page.locator('[data-page-warmer]')).toHaveCount(0);
});
