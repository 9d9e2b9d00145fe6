import type { Page } from '@playwright/test';
import { createGroup, uploadReadyImage } from './support/composer-fixtures';
import { seriousViolations } from './support/axe';
import { API_KEY, expect, test } from './support/test';

// Issue 42, what the new user hit: Run re-ran every shot without asking; the cast offered only a
// URL box; last frames crowded the default group; on a phone Run sat thousands of pixels down.

const auth = { Authorization: `Bearer ${API_KEY}` };
const shot = (page: Page, n: number) => page.getByRole('listitem', { name: `Shot ${n}` });
const state = (page: Page, n: number) => page.getByTestId(`shot-status-${n}`).locator('[data-state]').first();
const taskOf = async (page: Page, n: number) =>
  (
    await shot(page, n)
      .getByRole('link', { name: /Open the task of shot/ })
      .textContent()
  )?.trim();

test.describe('storyboard Run', () => {
  test('the cast is picked from the library; Run asks, then runs only the stale shot; frames go to the storyboard’s group', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const group = await createGroup(request, `Cast ${Date.now()}`);
    const name = `hero-${Date.now()}.png`;
    const assetId = await uploadReadyImage(request, group, name);

    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    await page.getByLabel('Name').fill('Pier chase');

    // The cast's reference comes from the library, as in the composer.
    const cast = page.getByRole('region', { name: 'Cast' });
    await cast.getByRole('button', { name: 'Image' }).click();
    await cast.getByLabel('Alias of reference 1').fill('hero');
    await cast.getByRole('button', { name: 'Pick reference 1 from the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Reference image from the library' });
    await picker.getByLabel('Group').selectOption(group);
    await picker.getByRole('button', { name: `Use ${name}` }).click();
    await expect(picker).toBeHidden();
    await expect(cast.getByLabel('URL of reference 1')).toHaveValue(`Asset://${assetId}`);

    await shot(page, 1).getByRole('combobox', { name: 'Prompt' }).fill('@hero runs along the pier');
    await page.getByRole('button', { name: 'Add shot' }).click();
    await shot(page, 2).getByRole('combobox', { name: 'Prompt' }).fill('@hero jumps into a boat');

    // Run asks first; Cancel sends nothing.
    await page.getByRole('button', { name: 'Run 2 shots' }).click();
    const ask = page.getByRole('dialog', { name: 'Run 2 shots?' });
    await expect(ask).toContainText(/≈ [\d,]+ tokens for 2 shots/);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(state(page, 1)).toHaveCount(0);
    await page.getByRole('button', { name: 'Run 2 shots' }).click();
    await ask.getByRole('button', { name: 'Run 2 shots' }).click();
    for (const n of [1, 2])
      await expect(state(page, n)).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
    await expect(page.getByText('Every shot has a good, current take: nothing to run.')).toBeVisible();

    // Shot 2's frame is in the storyboard's own group, named after it; the default group has none.
    const groups = (await (await request.get('/v1/asset-groups', { headers: auth })).json()) as {
      data: Array<{ id: string; name?: string }>;
    };
    const frames = groups.data.find((g) => g.name === 'Storyboard · Pier chase');
    expect(frames, JSON.stringify(groups.data)).toBeDefined();
    const inGroup = (await (
      await request.get(`/v1/assets?group_id=${frames!.id}`, { headers: auth })
    ).json()) as { data: Array<{ name?: string }> };
    expect(inGroup.data.map((a) => a.name)).toEqual(['Pier chase · last frame of shot 1']);
    const inDefault = (await (await request.get('/v1/assets', { headers: auth })).json()) as {
      data: Array<{ name?: string }>;
    };
    expect(inDefault.data.filter((a) => a.name?.includes('last frame'))).toEqual([]);

    // Retake shot 1 (only shot 1 runs): shot 2 becomes stale.
    const first = await taskOf(page, 1);
    const second = await taskOf(page, 2);
    await shot(page, 1).getByRole('button', { name: 'Re-run shot 1' }).click();
    await expect(state(page, 1)).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
    const retake = await taskOf(page, 1);
    expect(retake).not.toBe(first);
    await expect(shot(page, 2).getByText('Stale', { exact: true })).toBeVisible();
    expect(await taskOf(page, 2)).toBe(second);

    // Run now offers the stale shot only, says why, and runs just that one.
    await page.getByRole('button', { name: 'Run 1 shot' }).click();
    const again = page.getByRole('dialog', { name: 'Run 1 shot?' });
    await expect(again.getByRole('list', { name: 'Shots this run sends' })).toHaveText(
      'Shot 2: stale (shot 1 was run again after it)',
    );
    await expect(again).toContainText('for 1 shot');
    await again.getByRole('button', { name: 'Run 1 shot' }).click();
    await expect(state(page, 2)).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
    expect(await taskOf(page, 1)).toBe(retake);
    expect(await taskOf(page, 2)).not.toBe(second);

    // Both takes of shot 1 are kept; picking the first again makes shot 2 stale, and nothing runs.
    const takes = shot(page, 1).getByRole('group', { name: 'Takes of shot 1' });
    await expect(takes.getByRole('button', { name: 'Take 2' })).toHaveAttribute('aria-pressed', 'true');
    await takes.getByRole('button', { name: 'Take 1' }).click();
    await expect(takes.getByRole('button', { name: 'Take 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(await taskOf(page, 1)).toBe(first);
    await expect(shot(page, 2).getByText('Stale', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run 1 shot' }).first()).toBeVisible();
  });
});

test.describe('storyboard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Run and Assemble stay in view while the shots scroll by, and work from there', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    for (let n = 1; n <= 3; n++) {
      if (n > 1) await page.getByRole('button', { name: 'Add shot' }).click();
      await shot(page, n).getByRole('combobox', { name: 'Prompt' }).fill(`shot ${n}`);
    }
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
