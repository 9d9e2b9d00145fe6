import type { Locator } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';

// Issue 34, point 3: the upload tray (fixed to the window's corner) once covered the library's
// Previous/Next and the end of the grid. The pager docks above it while it shows
// (--upload-tray-space), on a desktop and on a phone.

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

    // At the top of the page and at its very end (where the last row of the grid is).
    for (const where of ['top', 'end'] as const) {
      await page.evaluate(
        (to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight),
        where,
      );
      await expectReachable(pager.getByRole('button', { name: 'Next' }));
      await expectReachable(pager.getByRole('button', { name: 'Previous' }));
      const [p, t] = [(await pager.boundingBox())!, (await tray.boundingBox())!];
      expect(p.y + p.height).toBeLessThanOrEqual(t.y + 1);
    }
    // Reachable means usable: Next turns the page while the tray stays.
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(tray).toBeVisible();
  });
}
