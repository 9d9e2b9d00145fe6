import { API_KEY, expect, test } from './support/test';

const auth = { Authorization: `Bearer ${API_KEY}` };

// The switch is per key: never leave a fault on for the next test of this worker.
test.afterEach(async ({ request }) => {
  await request.delete('/v1/local/double', { headers: auth });
});

test('Settings switches a 429 on, the header shows it, the library meets it, one click clears it', async ({
  page,
}) => {
  await page.goto('/settings');
  const panel = page.getByRole('form', { name: 'Test faults' });
  await expect(panel.getByText('No fault is on: the server answers normally.')).toBeVisible();
  await panel.getByLabel('Fault').selectOption({ label: '429 rate limited, with Retry-After' });
  await panel.getByLabel('Retry-After (seconds)').fill('30');
  await panel.getByLabel('Only paths starting with').fill('/v1/assets');
  await panel.getByLabel('Only this method').selectOption('GET');
  await panel.getByRole('button', { name: 'Switch on' }).click();
  await expect(panel.getByText('429 with Retry-After 30 s on GET /v1/assets, until cleared')).toBeVisible();

  const badge = page.getByRole('link', { name: 'Test faults on' });
  await expect(badge).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  // The library's list meets the 429 and waits as Retry-After asks.
  await expect(page.getByText(/Rate limited, retrying in \d+ s/)).toBeVisible();
  await expect(badge).toBeVisible();

  await badge.click();
  await expect(page).toHaveURL(/\/settings/);
  await page.getByRole('button', { name: 'Clear all faults' }).click();
  await expect(page.getByText('No fault is on: the server answers normally.')).toBeVisible();
  await expect(badge).toHaveCount(0);
});
