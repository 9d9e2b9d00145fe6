import type { APIRequestContext, Page } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';
import { importTasksFile } from './support/import-tasks';

// Issue 31, Compare: a batch of three duration variants, in variant order with the varied value in
// each heading, one difference named (never the output URLs), the sweep grid laid out by the value,
// the wipe slider, the difference blend, a transport in view on a desktop, and no sideways scroll
// on a phone.
const auth = { Authorization: `Bearer ${API_KEY}` };
const PROMPT = 'A paper boat on a pond';
const DURATIONS = [5, 10, 8];

async function batchOfThree(page: Page, request: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (const duration of DURATIONS) {
    const res = await request.post('/v1/videos', {
      headers: auth,
      data: { model: 'video-2.0-cl', duration, resolution: '480p', prompt: PROMPT },
    });
    expect(res.ok(), await res.text()).toBe(true);
    ids.push(((await res.json()) as { id: string }).id);
  }
  // Tracked as the composer's variations are: one batch id, each body as sent.
  const file = {
    format: 'media-studio.tasks',
    version: 1,
    tasks: ids.map((id, i) => ({
      id,
      kind: 'video',
      model: 'video-2.0-cl',
      prompt: PROMPT,
      createdAt: Date.now() - 60_000 + i * 1000,
      source: 'composer',
      batchId: 'batch-boat',
      request: { model: 'video-2.0-cl', duration: DURATIONS[i], resolution: '480p', prompt: PROMPT },
    })),
  };
  await page.goto('/tasks');
  await importTasksFile(page, JSON.stringify(file), 'batch.json');
  const batch = page.getByRole('region', { name: 'Batch of 3 variations' });
  await expect(batch.getByRole('link', { name: /^Variant \d/ })).toHaveText([
    'Variant 1 · Duration 5 s',
    'Variant 2 · Duration 10 s',
    'Variant 3 · Duration 8 s',
  ]);
  await expect(batch.getByRole('link', { name: 'Compare' })).toBeVisible({ timeout: 150_000 });
  return ids;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('a batch compared in variant order, in the sweep grid and the wipe slider, on a desktop and a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const [five, ten, eight] = await batchOfThree(page, request);
  // Picked in the order they ended, not in variant order.
  await page.goto(`/gallery/compare?ids=${eight},${ten},${five}`);

  await expect(page.getByTestId('difference-summary').first()).toHaveText('1 field differs: Duration');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Field',
    'Variant 1 · Duration 5 s',
    'Variant 2 · Duration 10 s',
    'Variant 3 · Duration 8 s',
  ]);
  await expect(table.getByRole('row', { name: /Duration \(differs\)/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^References/ })).toHaveAttribute('data-differs', 'false');

  // The transport is in view at 1440×900 without scrolling.
  const play = page.getByRole('button', { name: 'Play all' });
  await expect(play).toBeInViewport();
  await expect(page.getByRole('slider', { name: 'Position' })).toBeInViewport();

  // Sweep grid: laid out by the varied value, 5, 8, 10 s.
  await page.getByRole('radio', { name: 'Sweep grid' }).click();
  await expect(page).toHaveURL(/mode=sweep/);
  const stage = page.getByRole('region', { name: 'Compared results' });
  await expect(stage.locator('li[data-column]')).toHaveCount(3);
  await expect(stage.locator('li[data-column] > div:first-child > span')).toHaveText([
    /^5 s.*Variant 1/,
    /^8 s.*Variant 3/,
    /^10 s.*Variant 2/,
  ]);

  // Wipe: the second result over the first, revealed by the slider; arrows step the second side.
  await page.getByRole('radio', { name: 'Wipe' }).click();
  const second = page.getByTestId('compare-second');
  await page.getByRole('slider', { name: 'Wipe position' }).fill('30');
  await expect(second).toHaveAttribute('style', /inset\(0px 0px 0px 30%\)/);
  await expect(page.getByLabel('Second')).toHaveValue('1');
  await page.getByRole('group', { name: /against/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Second')).toHaveValue('2');
  await expect(stage.locator('video')).toHaveCount(2);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText('150 %')).toBeVisible();

  // Difference: the same pair, the second blended over the first, the zoom kept; no wipe slider.
  await page.getByRole('radio', { name: 'Difference' }).click();
  await expect(page).toHaveURL(/mode=difference/);
  await expect(page.getByTestId('compare-difference')).toBeVisible();
  await expect(second).toHaveAttribute('style', /mix-blend-mode: difference/);
  await expect(page.getByLabel('Second')).toHaveValue('2');
  await expect(page.getByText('Black where the two frames agree')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Wipe position' })).toHaveCount(0);
  await expect(stage.locator('video')).toHaveCount(2);
  await expect(page.getByText('150 %')).toBeVisible();
  await page.getByRole('radio', { name: 'Wipe' }).click();

  // On a phone: tiles stacked, one transport, nothing scrolls sideways, in either mode.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await expect(page.getByRole('slider', { name: 'Wipe position' })).toBeVisible();
  await page.getByRole('radio', { name: 'Sweep grid' }).click();
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Play all' })).toHaveCount(1);
  // The time readout stays on a phone (issue 43 §2: it was hidden below sm).
  await expect(page.getByTestId('compare-time')).toBeVisible();
  await expect(page.getByTestId('compare-time')).toHaveText(/^\d+:\d\d\.\d\d$/, { useInnerText: true });
  const boxes = await stage
    .locator('li[data-column]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
  expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.bottom - 1);
});
