import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations, seriousViolationsInBothThemes } from './support/axe';
import { API_KEY, expect, RUNTIME, test } from './support/test';

// The gallery and the comparison against the real local server: tasks created through the API,
// tracked by opening them (as a pasted id is), then looked at as a person would.
const auth = { Authorization: `Bearer ${API_KEY}` };

interface MediaLike {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  readyState: number;
}

async function createAndTrack(
  page: Page,
  request: APIRequestContext,
  body: Record<string, unknown>,
  state = 'succeeded',
): Promise<string> {
  const res = await request.post('/v1/videos', {
    headers: auth,
    data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole('article').locator(`[data-status="${state}"]`)).toBeVisible({
    timeout: 90_000,
  });
  return id;
}

const tile = (page: Page, id: string) => page.locator(`[data-task-id="${id}"]`);

test('the gallery previews on hover, filters in the URL, steps through the lightbox, and shows a broken result as such', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await createAndTrack(page, request, { prompt: 'A heron lifting off a pond' });
  const failed = await createAndTrack(page, request, { prompt: 'A storm that breaks [fail]' }, 'failed');
  const last = await createAndTrack(page, request, { prompt: 'Lanterns drifting on a river', duration: 5 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(tile(page, failed).getByText('Failed')).toBeVisible();
  // The toasts of tasks that finished meanwhile are audited with the page.
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);

  // Hover plays the muted poster; leaving stops it.
  const video = tile(page, first).getByLabel(`Result of ${first}`);
  await expect.poll(() => video.evaluate((v) => (v as unknown as MediaLike).readyState)).toBeGreaterThan(0);
  await expect(video).toHaveJSProperty('muted', true);
  await tile(page, first).hover();
  await expect(video).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => video.evaluate((v) => (v as unknown as MediaLike).currentTime)).toBeGreaterThan(0);
  await page.getByRole('heading', { level: 1, name: 'Gallery' }).hover();
  await expect(video).toHaveAttribute('data-playing', 'false');
  await expect.poll(() => video.evaluate((v) => (v as unknown as MediaLike).paused)).toBe(true);
  // Focus plays it too (keyboard).
  await tile(page, first)
    .getByRole('button', { name: /^Open A heron/ })
    .focus();
  await expect(video).toHaveAttribute('data-playing', 'true');

  // Each tile's card is as tall as what it holds, however wide the columns: no band of empty card
  // under the stars, and no stars cut off in one wide column.
  const spare = () =>
    tile(page, first).evaluate((card) => {
      const kids = [...card.children].map((k) => k.getBoundingClientRect());
      return card.getBoundingClientRect().bottom - kids[kids.length - 1]!.bottom;
    });
  // The padding (8 px) and the border under the last line, and the picture's rounding up (1 px).
  const fits = async () => {
    const px = await spare();
    return px >= 9 && px < 11 ? 'fits' : `${px} px under the last line`;
  };
  await expect.poll(fits).toBe('fits');
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 470, height: wide.height });
  await expect.poll(fits).toBe('fits');
  await page.setViewportSize(wide);

  // Filters live in the URL.
  await page.getByLabel('State').selectOption('failed');
  await expect(page).toHaveURL(/state=failed/);
  await expect(tile(page, failed)).toBeVisible();
  await expect(tile(page, first)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('State')).toHaveValue('failed');
  await page.getByLabel('State').selectOption('');

  // The lightbox steps with the keyboard (newest first: last, failed, first).
  await tile(page, last)
    .getByRole('button', { name: /^Open Lanterns/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText('2 of 3');
  await expect(dialog.getByRole('heading')).toHaveText(/A storm that breaks/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByLabel(`Result of ${first}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toContainText('2 of 3');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A result URL that does not load: a placeholder with the URL and a retry.
  const blocked = await page.evaluate(() => location.origin);
  await page.route(`${blocked}/files/**`, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.reload();
  const broken = tile(page, first).getByRole('group', { name: 'Result not loaded' });
  await expect(broken).toBeVisible();
  await expect(broken).toContainText('/files/');
  await page.unroute(`${blocked}/files/**`);
  await broken.getByRole('button', { name: 'Retry' }).click();
  await expect(tile(page, first).getByLabel(`Result of ${first}`)).toBeVisible();
  await expect(broken).toBeHidden();
});

test(
  'two results compared play in sync, seek together within 0.1 s, show their differences, and a forgotten one leaves cleanly',
  { tag: RUNTIME },
  async ({ page, request }) => {
    test.setTimeout(180_000);
    const a = await createAndTrack(page, request, { prompt: 'A red fox runs through snow', duration: 6 });
    const b = await createAndTrack(page, request, { prompt: 'A grey fox runs through snow', duration: 8 });
    const c = await createAndTrack(page, request, { prompt: 'A grey fox sleeps', duration: 4 });
    await page.goto('/gallery');
    for (const id of [a, b, c]) await tile(page, id).getByRole('checkbox').check();
    await page.getByRole('link', { name: 'Compare 3' }).click();
    await expect(page).toHaveURL(/\/gallery\/compare\?ids=/);

    const players = page.getByRole('region', { name: 'Compared results' }).locator('video');
    await expect(players).toHaveCount(3);
    for (const v of await players.all()) {
      await expect.poll(() => v.evaluate((el) => (el as unknown as MediaLike).readyState)).toBeGreaterThan(0);
    }
    const times = () =>
      players.evaluateAll((els) => els.map((el) => (el as unknown as MediaLike).currentTime));
    const position = page.getByRole('slider', { name: 'Position' });
    await position.fill('2.5');
    await expect.poll(async () => (await times()).every((t) => Math.abs(t - 2.5) <= 0.1)).toBe(true);
    await page.getByRole('button', { name: 'One frame forward' }).click();
    await expect.poll(async () => (await times()).every((t) => Math.abs(t - 2.5 - 1 / 24) <= 0.1)).toBe(true);

    // One play for all; paused together, they are within 0.1 s of each other. Played from the
    // start, and compared among those that have not ended: from 2.5 s, a pause that a busy machine
    // delayed past the 4 s result's end compared its 4 s with the others' 6 ("2 s apart").
    await position.fill('0');
    await expect.poll(async () => (await times()).every((t) => t <= 0.1)).toBe(true);
    await page.getByRole('button', { name: 'Play all' }).click();
    await expect.poll(async () => Math.min(...(await times()))).toBeGreaterThan(0.3);
    await page.getByRole('button', { name: 'Pause all' }).click();
    await expect(page.getByRole('button', { name: 'Play all' })).toBeVisible();
    const playing = () =>
      players.evaluateAll((els) =>
        els
          .map((el) => el as unknown as MediaLike)
          .filter((m) => !m.ended)
          .map((m) => m.currentTime),
      );
    await expect
      .poll(async () => {
        const paused = await playing();
        return paused.length < 2 ? 'fewer than two still playing' : Math.max(...paused) - Math.min(...paused);
      })
      .toBeLessThanOrEqual(0.1);
    const settled = await times();
    await expect.poll(times).toEqual(settled);

    // Mute per tile (the first speaks, the others start muted).
    await expect(page.getByRole('button', { name: 'Mute result 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.getByRole('button', { name: 'Mute result 1' }).click();
    await expect(players.first()).toHaveJSProperty('muted', true);

    // The request differences: the prompt word by word, the duration marked as differing.
    const table = page.getByRole('table');
    await expect(table.locator('ins', { hasText: 'grey' }).first()).toBeVisible();
    await expect(table.locator('del', { hasText: 'red' }).first()).toBeVisible();
    await expect(table.getByRole('row', { name: /Duration \(differs\)/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Forgotten in another tab: that tab's registry says so on the registry's channel (what
    // TaskRegistry.untrack posts). The comparison goes on with the other two and says so.
    await page.evaluate((id) => new BroadcastChannel('media-studio.tasks').postMessage({ remove: [id] }), c);
    await expect(page.getByRole('status')).toHaveText('1 task was forgotten and left the comparison.');
    await expect(players).toHaveCount(2);
    await position.fill('1');
    await expect.poll(async () => (await times()).every((t) => Math.abs(t - 1) <= 0.1)).toBe(true);
  },
);
