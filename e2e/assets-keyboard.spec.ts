import type { APIRequestContext, Page } from '@playwright/test';
import { API_KEY, expect, fixtureOrigin, test } from './support/test';

// Issue 11, focus and keyboard: the library is one Tab stop whatever its size, the controls inside
// each card or row are reached with the arrow keys, and the paging after it is one Tab away.
// Driven with the keyboard only once the page is open.

const auth = { Authorization: `Bearer ${API_KEY}` };

async function seededGroup(request: APIRequestContext, name: string, count: number): Promise<string> {
  const res = await request.post('/v1/asset-groups', { headers: auth, data: { name } });
  const group = ((await res.json()) as { id: string }).id;
  for (let i = 0; i < count; i += 1) {
    const made = await request.post('/v1/assets/uploads', {
      headers: auth,
      data: { url: `${fixtureOrigin()}/key-${i}.png`, type: 'image', name: `Key ${i}`, group_id: group },
    });
    expect(made.ok()).toBe(true);
  }
  return group;
}

/** The accessible name of the focused element, for messages and comparisons. */
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height} the grid is one Tab stop; arrows reach each card's controls`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const group = await seededGroup(request, `Keys ${viewport.width}`, 25);
    await page.goto(`/assets?group_id=${group}`);
    const grid = page.getByRole('list', { name: 'Assets' });
    const opens = grid.getByRole('button', { name: /^Open details of Key/ });
    await expect(opens.first()).toBeVisible();

    // From the last control before the grid (the selection's), one Tab lands on the first card.
    await page.getByRole('button', { name: 'Select all on this page' }).focus();
    await page.keyboard.press('Tab');
    await expect(opens.first()).toBeFocused();
    const first = await focusedName(page);

    // Right: the card's readiness badge, its selection checkbox, then the next card; Left comes back.
    await page.keyboard.press('ArrowRight');
    const badge = grid
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Readiness:/ });
    await expect(badge).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const box = grid
      .getByRole('listitem')
      .first()
      .getByRole('checkbox', { name: /^Select Key/ });
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(opens.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(badge).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(opens.first()).toBeFocused();

    // Down: the card below, in the same column.
    const before = await opens.first().boundingBox();
    await page.keyboard.press('ArrowDown');
    const below = await page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      return { x: box.x, y: box.y + window.scrollY };
    });
    expect(below.y).toBeGreaterThan(before!.y);
    expect(Math.abs(below.x - before!.x)).toBeLessThan(2);

    // End and Home: the last and first cards of the page.
    await page.keyboard.press('End');
    await expect(opens.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(opens.first()).toBeFocused();

    // One Tab past 20 cards reaches the paging; Shift+Tab returns to the card that had focus.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }),
    ).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(opens.nth(1)).toBeFocused();
    expect(await focusedName(page)).not.toBe(first);

    // Enter opens the focused card; Escape gives focus back to it.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opens.nth(1)).toBeFocused();
  });
}

test('the table is one Tab stop too: Up and Down move between rows, Right to the readiness badge', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const group = await seededGroup(request, 'Keys table', 22);
  await page.goto(`/assets?group_id=${group}&view=table`);
  const table = page.getByRole('table', { name: 'Assets' });
  const opens = table.getByRole('button', { name: /^Open details of Key/ });
  await expect(opens.first()).toBeVisible();
  await page.getByRole('button', { name: 'Select all on this page' }).focus();
  await page.keyboard.press('Tab');
  await expect(opens.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(opens.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(
    table
      .getByRole('row')
      .nth(2)
      .getByRole('button', { name: /^Readiness:/ }),
  ).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(
    table
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Readiness:/ }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }),
  ).toBeFocused();
  // Page 2 by keyboard: the library keeps one Tab stop there as well.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('button', { name: /^Open details of Key/ })).toHaveCount(2);
});
