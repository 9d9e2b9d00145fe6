import { startLocalServer } from './support/local-server';
import { API_KEY, expect, test } from './support/test';

// Tasks are watched from every page (decision 180): a task that ends while the person is in the
// playground is announced there, and the navigation counts the running ones meanwhile.
test('a task that ends while the person is on another page is announced there, with a link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // At the default e2e speed a task is over in a second; at speed 1 it runs about 10 s, time to
  // walk to another page while it runs.
  const server = await startLocalServer({
    staticDir: process.env.E2E_STATIC_DIR!,
    env: { EMULATOR_SPEED: '1' },
  });
  try {
    // The watcher loads once the first page has settled (decision 180), which under load took
    // longer than the task runs: the count was never seen. Start the task once the watcher's code
    // is there, and track it without leaving the app.
    const watcherLoaded = page.waitForResponse(/\/assets\/task-watcher-[\w-]+\.js/);
    await page.goto(`${server.url}/tasks`);
    await watcherLoaded;
    const res = await request.post(`${server.url}/v1/videos`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
      data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', prompt: 'A kite over the dunes' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: string };
    await page.getByLabel('Track a task by ID').fill(id);
    await page.getByRole('button', { name: 'Track', exact: true }).click();

    // Counted in the navigation while it runs, then announced on another page.
    const tasksLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Tasks/ });
    await expect(tasksLink).toHaveAccessibleName('Tasks 1 running');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Playground/ })
      .click();
    await expect(page).toHaveURL(/\/playground$/);
    const toast = page.getByText('Task succeeded');

    await expect(toast).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/playground$/);
    await expect(tasksLink).toHaveAccessibleName('Tasks');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
    await expect(page.getByRole('article').locator('[data-status="succeeded"]')).toBeVisible();
  } finally {
    await server.stop();
  }
});
