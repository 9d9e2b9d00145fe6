import { expect, test } from './support/test';

// A person who asks for less motion gets animations that run once and stop, not spinners and
// skeletons turning at 0.01 ms a turn (a flicker in place) for as long as something loads.
for (const [reducedMotion, iterations] of [
  ['reduce', '1'],
  ['no-preference', 'infinite'],
] as const) {
  test(`a loading skeleton with reduced motion ${reducedMotion === 'reduce' ? 'asked for runs once' : 'not asked for pulses on'}`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    // The library's list stays loading until the test has looked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/v1/assets',
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto('/assets');
    // Skeletons are drawn for sighted users only (aria-hidden): found by their class.
    const skeleton = page.locator('main .animate-pulse').first();
    await expect(skeleton).toBeVisible();
    expect(await skeleton.evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe(iterations);
    release();
    await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  });
}
