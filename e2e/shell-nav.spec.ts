import { useOwnServer } from './support/own-server';
import { expect, test } from './support/test';

const CREATE = 'Digital human & music';

test('the digital-human and music forms are in the navigation, current on each of their tabs', async ({
  page,
}) => {
  await page.goto('/assets');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: CREATE });
  await link.click();
  await expect(page).toHaveURL(/\/create\/digital-human$/);
  await expect(page.getByRole('heading', { level: 1, name: CREATE })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(`${CREATE} · Media Studio`);

  await page.goto('/create/music');
  await expect(page.getByRole('heading', { level: 1, name: CREATE })).toBeVisible();
  await expect(nav.getByRole('link', { name: CREATE })).toHaveAttribute('aria-current', 'page');
});

test('the palette goes to the digital-human and music forms', async ({ page }) => {
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
  await page.keyboard.type('digital human');
  await expect(page.getByRole('option', { name: `Go to ${CREATE}` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: CREATE })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu holds the digital-human and music forms', async ({ page }) => {
    await page.goto('/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Menu' }).click();
    const link = nav.getByRole('link', { name: CREATE });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: CREATE })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

test('every page has exactly one level-1 heading', async ({ page }) => {
  const pages = [
    ['/assets', 'Asset library'],
    ['/groups', 'Asset groups'],
    ['/composer', 'Composer'],
    ['/create/digital-human', CREATE],
    ['/create/music', CREATE],
    ['/tasks', 'Tasks'],
    ['/gallery', 'Gallery'],
    ['/gallery/compare', 'Compare'],
    ['/usage', 'Usage'],
    ['/playground', 'Playground'],
    ['/settings', 'Settings'],
    ['/no/such/page', 'Page not found'],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  }
  // After idle prefetching has pre-rendered the other pages (hidden), still one heading.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('media-studio:page-prefetch-done').length), {
      timeout: 30_000,
    })
    .toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test.describe('a server with its own keys', () => {
  const server = useOwnServer({ API_KEYS: 'sk-e2e-own-key' });

  test('the key prompt, shown in place of the page, is its one level-1 heading', async ({ page }) => {
    await page.goto(`${server.url}/groups`);
    await expect(page.getByRole('heading', { level: 1, name: 'An API key is needed' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});
