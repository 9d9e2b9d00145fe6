import { seriousViolations } from './support/axe';
import { API_KEY, expect, fixtureOrigin, test } from './support/test';

/**
 * axe-core on every page in both themes: any serious or critical violation fails, so pages still to
 * come are held to the same bar. The summary names the rule, the impact and the first elements.
 */
const PAGES = [
  { path: '/assets', heading: 'Asset library' },
  { path: '/groups', heading: 'Asset groups' },
  { path: '/composer', heading: 'Composer' },
  { path: '/tasks', heading: 'Tasks' },
  { path: '/create/digital-human', heading: 'Digital human & music' },
  { path: '/create/music', heading: 'Digital human & music' },
  { path: '/playground', heading: 'Playground' },
  { path: '/settings', heading: 'Settings' },
] as const;

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const { path, heading } of PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the asset library with assets, and the asset detail sheet', async ({ page, request }) => {
      const res = await request.post('/v1/assets/uploads', {
        headers: { Authorization: `Bearer ${API_KEY}` },
        data: { url: `${fixtureOrigin()}/audit.png`, type: 'image', mode: 'asset', name: 'Audit image' },
      });
      const asset = (await res.json()) as { id: string };
      await page.goto('/assets');
      await expect(page.getByRole('button', { name: 'Open details of Audit image' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/assets/${asset.id}`);
      await expect(page.getByRole('dialog', { name: 'Audit image' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the command palette', async ({ page }) => {
      await page.goto('/assets');
      await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
      await page.keyboard.press('Control+K');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
