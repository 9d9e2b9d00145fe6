import type { Locator } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';

// Issue 34, point 3: the upload tray (fixed to the window's corner) once covered the library's
// Previous/Next and the end of the grid: the page keeps the tray's room at its end
// (--upload-tray-space). Since issue 43 §4 the pager docks at the window's foot beside a corner
// tray (a desktop), or on a full-width one (a phone), so no thumbnail shows beneath it.

/**
 * The control is what the pointer would hit at its centre: visible, enabled, and nothing over it.
 * Enabled matters: a disabled button takes no pointer events, so the hit would fall through it.
 */
async function expectReachable(control: Locator) {
  await expect(control).toBeVisible();
  await expect(control).toBeEnabled();
  await expect
    .poll(() =>
      control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const inView =
          r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return inView && !!hit && el.contains(hit);
      }),
    )
    .toBe(true);
}

/**
 * Issue 43 §4: the pager once floated mid-card (docked at the tray's height across the whole
 * width, with thumbnails showing beneath it). Probes the band from the pager's foot to the window's
 * and counts the points where a card is what the pointer would hit: there must be none.
 */
async function cardPointsBelow(pager: Locator): Promise<number> {
  return pager.evaluate((el) => {
    const bar = el.getBoundingClientRect();
    let hits = 0;
    for (let y = Math.ceil(bar.bottom) + 1; y < window.innerHeight; y += 3) {
      for (let x = 2; x < window.innerWidth; x += 24) {
        if (document.elementFromPoint(x, y)?.closest('[role="listitem"]')) hits++;
      }
    }
    return hits;
  });
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`on a ${viewport.name}, Previous and Next stay reachable while the upload tray shows`, async ({
    page,
    request,
  }) => {
    // Three pages of 20, so that the library shows its pager with both buttons enabled on page 2.
    for (let i = 0; i < 41; i++) {
      const res = await request.post('/v1/assets/uploads', {
        headers: { Authorization: `Bearer ${API_KEY}` },
        multipart: { file: { name: `dock-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`d${i}`) } },
      });
      expect(res.ok()).toBe(true);
    }
    await page.setViewportSize(viewport);
    await page.goto('/assets?paging=pages&page_size=20&page=2');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toBeVisible();
    // The browser's upload is held on the wire, so the tray stays open for the whole test.
    await page.route('**/v1/assets/uploads', () => undefined);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles({ name: 'held.txt', mimeType: 'text/plain', buffer: Buffer.from('held') });
    const tray = page.getByRole('region', { name: 'Upload (1)' });
    await expect(tray).toBeVisible();

    // At the top of the page, midway and at its very end (where the last row of the grid is).
    for (const where of ['top', 'middle', 'end'] as const) {
      await page.evaluate((to) => {
        const end = document.documentElement.scrollHeight;
        window.scrollTo(0, to === 'top' ? 0 : to === 'middle' ? (end - window.innerHeight) / 2 : end);
      }, where);
      await expectReachable(pager.getByRole('button', { name: 'Next' }));
      await expectReachable(pager.getByRole('button', { name: 'Previous' }));
      const [p, t] = [(await pager.boundingBox())!, (await tray.boundingBox())!];
      // The pager and the tray never overlap: side by side on a desktop, stacked on a phone.
      expect(p.y + p.height <= t.y + 1 || p.x + p.width <= t.x + 1).toBe(true);
      // No thumbnail shows beneath the pager: it is docked at the window's foot or on the tray.
      expect(await cardPointsBelow(pager), `cards under the pager at the ${where}`).toBe(0);
    }
    // At the end, the last row of cards ends above the pager.
    const cards = page.getByRole('listitem');
    const lastCard = (await cards.nth((await cards.count()) - 1).boundingBox())!;
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual((await pager.boundingBox())!.y + 1);
    // Reachable means usable: Next turns the page while the tray stays.
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(tray).toBeVisible();
  });
}
