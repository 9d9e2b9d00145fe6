import type { APIRequestContext, Page } from '@playwright/test';
import { storedRecords } from './support/indexed-db';
import { API_KEY, expect, test } from './support/test';

// The task monitor as it is used all day: forgetting a task (and taking it back), and the monitor
// on a phone, where an open task is a screen of its own.
async function createVideo(request: APIRequestContext, prompt: string): Promise<string> {
  const res = await request.post('/v1/videos', {
    headers: { Authorization: `Bearer ${API_KEY}` },
    data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', prompt },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function track(page: Page, id: string) {
  await page.getByLabel('Track a task by ID').fill(id);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tracked tasks' }).getByText(id)).toBeVisible();
}

test('forgetting a task removes its row at once, Undo brings it back, and a forget survives a reload', async ({
  page,
  request,
}) => {
  const kept = await createVideo(request, 'A harbour at dawn');
  const forgotten = await createVideo(request, 'A desert road at noon');
  await page.goto('/tasks');
  await track(page, kept);
  await track(page, forgotten);
  const list = page.getByRole('list', { name: 'Tracked tasks' });
  await expect(page.getByText('2 tasks tracked')).toBeVisible();

  const article = page.getByRole('article');
  await article.getByRole('button', { name: 'Forget this task' }).click();
  // The pointer rests on the notifications, as a person's would on the way to Undo: the stack
  // opens and its timers wait. The other task's "succeeded" toast may arrive meanwhile and cover
  // the collapsed stack's older toasts (seen under load: Undo covered until it timed out).
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  const forgetToast = notifications
    .getByRole('listitem')
    .filter({ hasText: `Task ${forgotten} is no longer tracked` });
  await expect(forgetToast).toBeVisible();
  // Forced: in the collapsed stack a newer toast may be the one under the pointer; any toast
  // under it opens the stack, which is what a person's pointer does.
  await forgetToast.hover({ force: true });
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(list.getByText(forgotten)).toHaveCount(0);
  await expect(page.getByText('1 task tracked')).toBeVisible();

  await forgetToast.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(list.getByText(forgotten)).toBeVisible();
  await expect(page.getByText('2 tasks tracked')).toBeVisible();

  // Forget again, for good: the row stays gone after a reload (the stored record was deleted, not
  // rewritten by the detail that was still open).
  await list.getByRole('link', { name: /A desert road at noon/ }).click();
  await article.getByRole('button', { name: 'Forget this task' }).click();
  await expect(page.getByText('1 task tracked')).toBeVisible();
  // Kept as forgotten where a reload reads (the registry's IndexedDB), then reloaded: a reload
  // made before the delete is written cannot be asked to keep it.
  const storedIds = async () =>
    (await storedRecords(page, 'media-studio-tasks', 'tasks')).map((t) => (t as { id: string }).id);
  await expect.poll(storedIds).toEqual([kept]);
  await page.reload();
  await expect(list.getByText(kept)).toBeVisible();
  await expect(page.getByText('1 task tracked')).toBeVisible();
  await expect(list.getByText(forgotten)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tapped task opens as its own screen, and Back returns to the list', async ({ page, request }) => {
    const first = await createVideo(request, 'A forest in the rain');
    const second = await createVideo(request, 'A city at night from above');
    await page.goto('/tasks');
    for (const [id, prompt] of [
      [first, 'A forest in the rain'],
      [second, 'A city at night from above'],
    ] as const) {
      await page.getByLabel('Track a task by ID').fill(id);
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      // A tracked id opens at once, on a screen of its own.
      await expect(page.getByRole('heading', { level: 2, name: prompt })).toBeInViewport();
      await page.getByRole('button', { name: 'Back to tasks' }).click();
    }
    const list = page.getByRole('list', { name: 'Tracked tasks' });
    await expect(list).toBeVisible();

    await list.getByRole('link', { name: /A forest in the rain/ }).click();
    const title = page.getByRole('heading', { level: 2, name: 'A forest in the rain' });
    await expect(title).toBeInViewport();
    await expect(list).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Back to tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(list.getByRole('link', { name: /A forest in the rain/ })).toBeInViewport();

    // The browser's Back does the same.
    await list.getByRole('link', { name: /A city at night/ }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'A city at night from above' }),
    ).toBeInViewport();
    await page.goBack();
    await expect(list).toBeVisible();
  });
});

test('the palette offers the tracked task a partial id matches, not "Open task <partial id>"', async ({
  page,
  request,
}) => {
  const id = await createVideo(request, 'A glacier under stars');
  await page.goto('/tasks');
  await track(page, id);
  await page.keyboard.press('Control+K');
  const partial = id.slice(0, 9);
  await page.keyboard.insertText(partial);
  await expect(page.getByRole('option', { name: /A glacier under stars/ })).toBeVisible();
  await expect(page.getByRole('option', { name: `Open task ${partial}` })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
});
