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
    const res = await request.post(`${server.url}/v1/videos`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
      data: { model: 'video-2.0-cl', duration: 4, resolution: '480p', prompt: 'A kite over the dunes' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: string };

    await page.goto(`${server.url}/tasks/${id}`);
    await expect(
      page.getByRole('article').locator('[data-status="pending"], [data-status="running"]'),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Playground/ })
      .click();
    await expect(page).toHaveURL(/\/playground$/);

    // Counted in the navigation while it runs.
    const tasksLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Tasks/ });
    await expect(tasksLink).toHaveAccessibleName('Tasks 1 running');
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
