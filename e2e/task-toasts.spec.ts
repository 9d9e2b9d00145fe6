import { seriousViolationsInBothThemes } from './support/axe';
import { API_KEY, expect, test } from './support/test';

// A burst of tasks that end together is one toast, not one each (the shared toaster, audited by
// axe in both themes while it shows), and the Tasks page a batch lands on opens at its top.

test('a batch of variations that ends together is one toast that opens Compare, on a Tasks page at its top', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // What makes the three one toast is when the page learns of their ends: within GROUP_WINDOW_MS
  // (3 s) of each other. On a loaded machine the creations and polls can drift further apart, so
  // the page's reads of the tasks are held until all three have ended on the server, then let
  // through together: the ends are seen as the burst they are, however slow the machine.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /^\/v1\/tasks\/[^/]+$/.test(url.pathname),
    async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.fallback();
    },
  );
  await page.setViewportSize({ width: 1280, height: 640 });
  await page.goto('/composer');
  await page.getByRole('combobox', { name: 'Prompt' }).fill('A lighthouse in fog');
  await page.getByLabel('Duration (seconds)').fill('4');
  await page.getByRole('radio', { name: '480p' }).check();
  await page.getByRole('checkbox', { name: 'Create variations' }).click();
  await page.getByLabel('Vary').selectOption('prompt');
  await page.getByRole('button', { name: 'Add a variant' }).click();
  const prompts = [
    'A lighthouse in fog at dawn',
    'A lighthouse in fog at dusk',
    'A lighthouse that breaks [fail]',
  ];
  for (const [i, prompt] of prompts.entries())
    await page.getByLabel(`Prompt of variant ${i + 1}`).fill(prompt);

  // The composer scrolled well down, as it is when the variants are filled in on a laptop.
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('button', { name: 'Create 3 tasks' }).click();

  await expect(page).toHaveURL(/\/tasks$/);
  const batch = page.getByRole('region', { name: 'Batch of 3 variations' });
  await expect(batch).toBeVisible();
  // The Tasks page is taller than the window, so the composer's scroll could have been kept.
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInViewport();

  const ids = (
    await batch
      .getByRole('link', { name: /^Variant \d/ })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))
  ).map((href) => decodeURIComponent(href.replace(/^\/tasks\//, '').split('?')[0]!));
  expect(ids).toHaveLength(3);
  const statusOf = async (id: string) =>
    (
      (await (
        await request.get(`/v1/tasks/${encodeURIComponent(id)}`, {
          headers: { Authorization: `Bearer ${API_KEY}` },
        })
      ).json()) as { status: string }
    ).status;
  await expect
    .poll(async () => (await Promise.all(ids.map(statusOf))).sort(), { timeout: 60_000 })
    .toEqual(['failed', 'succeeded', 'succeeded']);
  release();

  // One toast for the three, counted by outcome; none of the single-task toasts.
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  const grouped = toasts.filter({ hasText: '3 tasks finished' });
  await expect(grouped).toBeVisible({ timeout: 60_000 });
  // Held under the pointer, as a person reading it would: the toast waits (its 10 s would otherwise
  // run out during the audits below on a loaded machine).
  await grouped.hover();
  await expect(grouped).toContainText('2 succeeded, 1 failed');
  await expect(batch.getByText('3 of 3 done')).toBeVisible();
  await expect(toasts).toHaveCount(1);
  await expect(page.getByText(/^Task (succeeded|failed)$/)).toHaveCount(0);
  // Still at the top once everything has come in.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The toaster's text is readable in both themes (it was once excluded from the audits).
  expect(
    await seriousViolationsInBothThemes(page, undefined, async (colorScheme) => {
      await expect(page.locator(`[data-sonner-toaster][data-sonner-theme="${colorScheme}"]`)).toBeAttached();
      await expect(grouped).toHaveCSS('opacity', '1');
    }),
  ).toEqual([]);

  await grouped.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${ids.join(',')}`);
});
