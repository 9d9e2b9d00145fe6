import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';

// Issue 34, point 3: the upload tray does not cover the library's pager or the end of the grid:
// the pager docks above it while it shows.

/** The control is what the pointer would hit at its centre (nothing lies over it). */
async function expectReachable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  expect(
    await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && el.contains(hit);
    }),
  ).toBe(true);
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`on a ${viewport.name}, Previous and Next stay reachable while the upload tray shows`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The upload is held on the wire, so the tray stays for the whole test.
    await page.route('**/v1/assets/uploads', () => undefined);
    await page.goto('/assets');
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeEnabled();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles({ name: 'held.txt', mimeType: 'text/plain', buffer: Buffer.from('held') });
    const tray = page.getByRole('region', { name: 'Upload (1)' });
    await expect(tray).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expectReachable(pager.getByRole('button', { name: 'Next' }));
    await expectReachable(pager.getByRole('button', { name: 'Previous' }));
    // The pager sits above the tray, not under it.
    const [p, t] = [(await pager.boundingBox())!, (await tray.boundingBox())!];
    expect(p.y + p.height).toBeLessThanOrEqual(t.y + 1);
  });
}
