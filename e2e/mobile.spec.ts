import { expect, test } from './support/test';

// A phone (390x844): navigation behind a menu, a compact header, nothing off screen.
test.use({ viewport: { width: 390, height: 844 } });

test('the navigation is a menu and the header stays compact', async ({ page }) => {
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  // The header (logo and menu, then the tools row) takes little of the screen.
  const main = await page.locator('main').boundingBox();
  expect(main!.y).toBeLessThan(160);

  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const settings = nav.getByRole('link', { name: 'Settings' });
  await expect(settings).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Playground' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
  // Following a link closes the menu.
  await expect(nav).toBeHidden();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
