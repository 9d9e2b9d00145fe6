import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// A burst of tasks that end together is one toast, not one each (the shared toaster, audited by
// axe in both themes while it shows), and the Tasks page a batch lands on opens at its top.

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

test('a batch of variations that ends together is one toast that opens Compare, on a Tasks page at its top', async ({
  page,
}) => {
  test.setTimeout(120_000);
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

  // One toast for the three, counted by outcome; none of the single-task toasts.
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  const grouped = toasts.filter({ hasText: '3 tasks finished' });
  await expect(grouped).toBeVisible({ timeout: 60_000 });
  await expect(grouped).toContainText('2 succeeded, 1 failed');
  await expect(batch.getByText('3 of 3 done')).toBeVisible();
  await expect(toasts).toHaveCount(1);
  await expect(page.getByText(/^Task (succeeded|failed)$/)).toHaveCount(0);
  // Still at the top once everything has come in.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The toaster's text is readable in both themes (it was once excluded from the audits).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator(`[data-sonner-toaster][data-sonner-theme="${colorScheme}"]`)).toBeAttached();
    await expect(grouped).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }

  const ids = (
    await batch
      .getByRole('link', { name: /^Variant \d/ })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))
  ).map((href) => decodeURIComponent(href.replace(/^\/tasks\//, '').split('?')[0]!));
  await grouped.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${ids.join(',')}`);
});
