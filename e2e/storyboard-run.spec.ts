import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/test';

// Issue 42, what the new user hit: on a phone Run sat thousands of pixels down. (Run asking and
// running only what is stale, the cast from the library and the frames' own group are steps of
// the storyboard journey, e2e/storyboard-journey.spec.ts.)

const shot = (page: Page, n: number) => page.getByRole('listitem', { name: `Shot ${n}` });
const state = (page: Page, n: number) => page.getByTestId(`shot-status-${n}`).locator('[data-state]').first();

test.describe('storyboard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Run and Assemble stay in view while the shots scroll by, and work from there', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    // The bar is the point, not the shots: the cheapest the spec allows (4 s at 480p), side by side
    // (no frame to take from the shot before), so the run costs a few seconds of the CI's two cores.
    for (let n = 1; n <= 3; n++) {
      if (n > 1) {
        await page.getByRole('button', { name: 'Add shot' }).click();
        await shot(page, n)
          .getByRole('checkbox', { name: `Continue from the last frame of shot ${n - 1}` })
          .uncheck();
      }
      await shot(page, n).getByRole('combobox', { name: 'Prompt' }).fill(`shot ${n}`);
      await shot(page, n).getByRole('radio', { name: '480p' }).check();
      await shot(page, n).getByLabel('Duration (seconds)').fill('4');
    }
    // A timeline wider than the phone scrolls within itself; the page never scrolls sideways.
    await shot(page, 3).getByLabel('Duration (seconds)').fill('15');
    await expect(page.getByTestId('timeline-total')).toContainText('23.0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 3).getByLabel('Duration (seconds)').fill('4');
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = page.getByRole('region', { name: 'Run and assemble' });
    await expect(bar.getByRole('button', { name: 'Run 3 shots' })).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Assemble' })).toBeInViewport();
    await shot(page, 2).getByRole('combobox', { name: 'Prompt' }).scrollIntoViewIfNeeded();
    await expect(bar.getByRole('button', { name: 'Run 3 shots' })).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    // It asks, as the card does.
    await bar.getByRole('button', { name: 'Run 3 shots' }).click();
    await page
      .getByRole('dialog', { name: 'Run 3 shots?' })
      .getByRole('button', { name: 'Run 3 shots' })
      .click();
    await expect(bar.getByRole('progressbar', { name: 'Progress of the storyboard' })).toBeInViewport();
    for (const n of [1, 2, 3])
      await expect(state(page, n)).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
    // Assemble from the bar starts the job and shows the card with the file.
    await bar.getByRole('button', { name: 'Assemble' }).click();
    await expect(page.getByTestId('assembled')).toBeVisible({ timeout: 60_000 });
  });
});
