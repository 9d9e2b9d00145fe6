import type { APIRequestContext, Page } from '@playwright/test';
import { useOwnServer } from './support/own-server';
import { seriousViolationsInBothThemes } from './support/axe';
import { API_KEY, expect, RUNTIME, test } from './support/test';

// The task monitor against the real local server: tasks are created through the API (as a program
// or the composer would), then followed in the page as a person would, by role and label.
const auth = { Authorization: `Bearer ${API_KEY}` };

async function createVideo(
  request: APIRequestContext,
  body: Record<string, unknown>,
  baseURL?: string,
): Promise<string> {
  const res = await request.post(`${baseURL ?? ''}/v1/videos`, {
    headers: auth,
    data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** The parts of HTMLVideoElement the test drives (the e2e project has no DOM typings). */
interface VideoLike {
  readyState: number;
  duration: number;
  currentTime: number;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
}

function detail(page: Page) {
  return page.getByRole('article');
}

test.describe('task monitor', () => {
  test(
    'a pasted task id is followed to the end; its video plays and seeks; the webhook inbox shows the delivery',
    { tag: RUNTIME },
    async ({ page, request, baseURL }) => {
      const inbox = `e2e-${Date.now()}`;
      const id = await createVideo(request, {
        prompt: 'A lighthouse at dusk, waves rolling in',
        callback_url: `${baseURL}/webhooks/inbox/${inbox}`,
      });

      await page.goto('/tasks');
      await expect(page.getByRole('heading', { name: 'No tasks tracked yet' })).toBeVisible();
      await page.getByLabel('Track a task by ID').fill(`"${id}"`);
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));

      // Tracked once the server answered for it: the list shows it, with its prompt.
      const list = page.getByRole('list', { name: 'Tracked tasks' });
      await expect(list.getByRole('link', { name: /A lighthouse at dusk/ })).toBeVisible();
      await expect(detail(page).locator('[data-status="succeeded"]')).toBeVisible({ timeout: 90_000 });

      const video = page.getByLabel(`Result video of ${id}`);
      await expect(video).toBeVisible();
      const src = await video.getAttribute('src');
      expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.mp4$/);
      await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', src!);

      // It really plays: metadata loads, time advances after play(), and a seek lands where asked.
      await expect
        .poll(() => video.evaluate((v) => (v as unknown as VideoLike).readyState))
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((v) => (v as unknown as VideoLike).duration)).toBeCloseTo(4, 0);
      await video.evaluate((v) => {
        (v as unknown as VideoLike).muted = true;
        return (v as unknown as VideoLike).play();
      });
      await expect
        .poll(() => video.evaluate((v) => (v as unknown as VideoLike).currentTime))
        .toBeGreaterThan(0.3);
      const seeked = await video.evaluate(
        (el) =>
          new Promise<number>((resolve) => {
            const v = el as unknown as VideoLike;
            v.pause();
            v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
            v.currentTime = 2.5;
          }),
      );
      expect(seeked).toBeCloseTo(2.5, 0);

      // The server's delivery log of this task's webhook.
      const deliveries = detail(page).getByRole('region', { name: 'Webhook deliveries' });
      await expect(deliveries.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
      await expect(deliveries.getByText('task.succeeded')).toBeVisible();

      // Save as asset: registered by URL with a stored copy; the toast leads to it.
      await detail(page).getByRole('button', { name: 'Save as asset' }).click();
      await expect(detail(page).getByRole('button', { name: 'Saved as asset' })).toBeDisabled();
      await page.getByRole('button', { name: 'Open asset' }).click();
      await expect(page).toHaveURL(/\/assets\/asset_[A-Za-z0-9]+/);
      await page.goBack();
      await expect(detail(page).locator('[data-status="succeeded"]')).toBeVisible();

      await expect(detail(page).getByRole('link', { name: 'Edit and re-run' })).toHaveAttribute(
        'href',
        `/composer?from=${id}`,
      );

      // The delivery of the task.succeeded webhook, signed with the server's secret.
      await page.getByRole('tab', { name: 'Webhook inbox' }).click();
      await expect(page.getByLabel('Inboxes of your tasks')).toHaveValue(inbox);
      const delivery = page.getByTestId('inbox-delivery').first();
      await expect(delivery).toBeVisible({ timeout: 30_000 });
      await expect(delivery.getByText('Signature verified')).toBeVisible();
      await expect(delivery.getByText('task.succeeded', { exact: true })).toBeVisible();
      await expect(delivery.getByText(id).first()).toBeVisible();
      await delivery.getByText(/\d+ headers/).click();
      await expect(delivery.getByText('webhook-signature')).toBeVisible();
    },
  );

  test('a [fail] prompt shows every failure field, and one button copies them all', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = await createVideo(request, { prompt: 'A storm over the sea [fail]' });
    await page.goto(`/tasks/${id}`);
    const failure = page.getByRole('region', { name: 'Failure details' });
    await expect(failure).toBeVisible({ timeout: 60_000 });
    await expect(detail(page).locator('[data-status="failed"]')).toBeVisible();
    const field = (name: string) => failure.locator(`[data-field="${name}"]`);
    await expect(field('error.code')).toHaveText('generation_failed');
    await expect(field('error.message')).toContainText('[fail]');
    await expect(field('fail_reason')).toContainText('[fail]');
    await expect(field('task_id')).toHaveText(id);
    await expect(field('request_id')).toHaveText(/^req_/);
    await expect(field('trace_id')).toHaveText(/^trace_/);

    await failure.getByRole('button', { name: 'Copy all details' }).click();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toContain('error.code: generation_failed');
    expect(copied).toContain(`task_id: ${id}`);
    expect(copied).toMatch(/request_id: req_/);
    expect(copied).toMatch(/trace_id: trace_/);
    expect(copied).toContain('fail_reason: ');
  });

  test('an id the server does not know says so and is not tracked', async ({ page }) => {
    await page.goto('/tasks/task_doesnotexist');
    await expect(page.getByRole('heading', { name: 'Task not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No tasks tracked yet' })).toBeVisible();
  });

  test.describe("at half a person's pace", () => {
    // At the default e2e speed a task is over in a second; this one runs at half a person's pace
    // (about 4 s queued, fails 19 s into its run): time to reload while it runs.
    const slow = useOwnServer({ EMULATOR_SPEED: '0.5' });
    test('a reload mid-run keeps the task and polling resumes until it ends', async ({ page, request }) => {
      test.setTimeout(150_000);
      const id = await createVideo(
        request,
        { prompt: 'A slow pan over a city [fail]', duration: 15 },
        slow.url,
      );
      await page.goto(`${slow.url}/tasks/${id}`);
      const progress = detail(page).getByRole('progressbar', { name: `Progress of ${id}` });
      await expect(detail(page).locator('[data-status="running"]')).toBeVisible({ timeout: 30_000 });
      const before = Number(await progress.getAttribute('aria-valuenow'));

      await page.reload();
      // Still tracked after the reload (IndexedDB), and still being polled: progress moves on, then
      // the end arrives without another reload.
      await expect(page.getByRole('list', { name: 'Tracked tasks' }).getByText(id)).toBeVisible();
      await expect(detail(page).locator('[data-status="running"]')).toBeVisible();
      await expect
        .poll(async () => Number((await progress.getAttribute('aria-valuenow')) ?? -1), { timeout: 30_000 })
        .toBeGreaterThan(before);
      await expect(detail(page).locator('[data-status="failed"]')).toBeVisible({ timeout: 30_000 });
      // Finishing while watched is announced.
      await expect(page.getByText('Task failed')).toBeVisible();
    });
  });

  test('a task with its list and failure details has no serious accessibility violations, light or dark', async ({
    page,
    request,
  }) => {
    const id = await createVideo(request, { prompt: 'Audit me [fail]' });
    await page.goto(`/tasks/${id}`);
    await expect(page.getByRole('region', { name: 'Failure details' })).toBeVisible({ timeout: 60_000 });
    // Both themes on this one load (e2e/support/axe.ts).
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });
});
