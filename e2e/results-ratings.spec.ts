import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';

// Issue 31, results: a star and a note on a result, kept in this browser and in the export file,
// and the gallery and the monitor filtered by them. Tiles say their state and date.
const auth = { Authorization: `Bearer ${API_KEY}` };

async function createAndTrack(page: Page, request: APIRequestContext, prompt: string): Promise<string> {
  const res = await request.post('/v1/videos', {
    headers: auth,
    data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', prompt },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole('article').locator('[data-status="succeeded"]')).toBeVisible({
    timeout: 90_000,
  });
  return id;
}

test('a result is starred with a note, the gallery and the monitor filter by it, and the export carries it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const keep = await createAndTrack(page, request, 'A fox in the snow, take one');
  const other = await createAndTrack(page, request, 'A fox in the snow, take two');

  await page.goto('/gallery');
  const tile = (id: string) => page.locator(`[data-task-id="${id}"]`);
  await expect(tile(keep)).toContainText('Succeeded');
  await expect(tile(keep).locator('time')).toHaveText(/\d{4}/);
  await tile(keep).getByRole('button', { name: 'Rate 4 stars' }).click();
  await expect(tile(keep).getByRole('button', { name: 'Clear the 4-star rating' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A note in the lightbox.
  await tile(keep)
    .getByRole('button', { name: /^Open A fox in the snow, take one/ })
    .click();
  const lightbox = page.getByRole('dialog');
  await lightbox.getByLabel('Note').fill('Best light on the fur');
  // Escape straight from the note (issue 43 §2: it was lost unless the field was left first).
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await page.getByRole('combobox', { name: 'Rating' }).selectOption({ label: '4 stars or more' });
  await expect(page).toHaveURL(/rated=4/);
  await expect(tile(keep)).toBeVisible();
  await expect(tile(other)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Rating' }).selectOption({ label: 'With a note' });
  await expect(tile(keep)).toBeVisible();
  await expect(tile(other)).toHaveCount(0);

  // Kept in this browser: after a reload, and in the monitor's filter.
  await page.goto('/tasks?rated=starred');
  const list = page.getByRole('main');
  await expect(list.getByRole('link', { name: /take one/ }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: /take two/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Rating' }).selectOption({ label: 'Not rated' });
  await expect(list.getByRole('link', { name: /take two/ }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: /take one/ })).toHaveCount(0);

  // Carried by the export file.
  await page.goto('/tasks');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8')) as {
    ratings: Record<string, { stars?: number; note?: string }>;
  };
  expect(file.ratings[keep]).toEqual({ stars: 4, note: 'Best light on the fur' });
  expect(file.ratings[other]).toBeUndefined();
});
