import type { Page } from '@playwright/test';
import { storedRecords } from './support/indexed-db';
import { API_KEY, expect, test } from './support/test';
import { importTasksFile } from './support/import-tasks';

// The usage view against the real local server: its numbers are the tasks' own usage.total_tokens.
const auth = { Authorization: `Bearer ${API_KEY}` };

test("usage over time adds up the tasks' usage.total_tokens by day, model and billing rule", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ids: string[] = [];
  for (const body of [
    { model: 'video-2.0-cl', duration: 4, resolution: '480p', prompt: 'Usage one' },
    { model: 'video-2.0-cl', duration: 6, resolution: '720p', prompt: 'Usage two' },
    { model: 'video-2.0-cl-fast', duration: 5, resolution: '480p', prompt: 'Usage three' },
  ]) {
    const res = await request.post('/v1/videos', { headers: auth, data: body });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: string };
    ids.push(id);
    await page.goto(`/tasks/${id}`);
    await expect(page.getByRole('article').locator('[data-status]').first()).toBeVisible();
  }
  const tokens: Record<string, number> = {};
  for (const id of ids) {
    const task = (await (await request.get(`/v1/tasks/${id}`, { headers: auth })).json()) as {
      model: string;
      usage?: { total_tokens?: number };
    };
    tokens[task.model] = (tokens[task.model] ?? 0) + (task.usage?.total_tokens ?? 0);
  }
  const total = Object.values(tokens).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Tokens by day/ })).toBeVisible();
  // The answer first (issue 31): the range's tokens per kind (never unlike units added), by kind,
  // model and billing rule, above the chart.
  await expect(page.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
  const rangeTotal = page.getByTestId('range-total-video');
  await expect(rangeTotal).toHaveAttribute('data-tokens', String(total));
  await expect(rangeTotal).toHaveText(`${total.toLocaleString('en')} tokens`);
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: total.toLocaleString('en') })
      .first(),
  ).toBeVisible();
  const byRule = page.getByLabel('By billing rule');
  await expect(byRule).toContainText('Without video input');
  // A custom range that ends before today holds none of them; 7 days holds them all again.
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page).toHaveURL(/range=custom&from=2020-01-01&to=2020-01-31/);
  await expect(page.getByRole('heading', { name: 'No usage yet' })).toBeVisible();
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(rangeTotal).toHaveAttribute('data-tokens', String(total));
  const table = page.getByRole('table', { name: 'Tokens by day and series' });
  await expect(table.getByTestId('usage-total-video')).toHaveAttribute('data-tokens', String(total));
  await expect(table.getByTestId('usage-total-video')).toHaveText(total.toLocaleString('en'));
  for (const [model, sum] of Object.entries(tokens)) {
    const row = table.getByRole('row', { name: new RegExp(`${model} · without video input`) });
    await expect(row).toContainText(sum.toLocaleString('en'));
  }

  // Finished tasks keep their usage in the registry (decision 225): once the dashboard has seen all
  // three end and stored that, a reload of /usage counts them without asking the server again.
  for (const id of ids) {
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/v1/tasks/${id}`, { headers: auth })).json()) as { status: string })
            .status,
      )
      .toBe('succeeded');
  }
  await expect.poll(() => storedUsageCount(page, ids), { timeout: 30_000 }).toBe(ids.length);
  const taskReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/tasks/')) taskReads.push(r.url());
  });
  await page.reload();
  await expect(page.getByText('Counted from every tracked task of this connection: 3.')).toBeVisible();
  await expect(table.getByTestId('usage-total-video')).toHaveAttribute('data-tokens', String(total));
  expect(taskReads).toEqual([]);
});

/** How many of `ids` the dashboard's stored registry (IndexedDB) holds with their usage kept. */
async function storedUsageCount(page: Page, ids: string[]): Promise<number> {
  const records = (await storedRecords(page, 'media-studio-tasks', 'tasks')) as {
    id: string;
    last?: { usage?: unknown };
  }[];
  return records.filter((t) => ids.includes(t.id) && t.last?.usage).length;
}

test('usage counts every tracked task, well over the 300 it once stopped at', async ({ page, request }) => {
  test.setTimeout(180_000);
  const COUNT = 320;
  const ids: string[] = [];
  let total = 0;
  for (let i = 0; i < COUNT; i += 1) {
    const res = await request.post('/v1/videos', {
      headers: auth,
      data: { model: 'video-2.0-cl-fast', duration: 4 + (i % 3), resolution: '480p', prompt: `Many ${i}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const task = (await res.json()) as { id: string };
    ids.push(task.id);
  }
  const tokensOf = async (id: string) =>
    (
      (await (await request.get(`/v1/tasks/${id}`, { headers: auth })).json()) as {
        usage?: { total_tokens?: number };
      }
    ).usage?.total_tokens ?? 0;
  for (const id of ids) {
    await expect.poll(() => tokensOf(id)).toBeGreaterThan(0);
    total += await tokensOf(id);
  }

  // Tracked the way a person brings many in: an export file of the task monitor.
  await page.goto('/tasks');
  const file = JSON.stringify({
    format: 'media-studio.tasks',
    version: 1,
    exportedAt: new Date().toISOString(),
    tasks: ids.map((id, i) => ({ id, kind: 'video', createdAt: Date.now() - i, source: 'pasted' })),
  });
  await importTasksFile(page, file);
  await expect(page.getByText(`Imported: ${COUNT} added`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByText(`Counted from every tracked task of this connection: ${COUNT}.`)).toBeVisible({
    timeout: 60_000,
  });
  const table = page.getByRole('table', { name: 'Tokens by day and series' });
  await expect(table.getByTestId('usage-total-video')).toHaveAttribute('data-tokens', String(total));
});
