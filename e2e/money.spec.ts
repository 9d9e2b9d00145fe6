import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { countVideoPosts } from './support/composer-fixtures';

// The person's own prices (issue 43 §1): entered in Settings, money beside tokens before sending,
// each task's cost in the monitor, money totals on the usage page, and a cap that asks first.
const cny = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'CNY' }).format(amount);
/** 720p 16:9, 5 s, 24 fps, no video input: the local server's usage.total_tokens (contract/usage.ts). */
const TOKENS = (1280 * 720 * 24 * 5) / 1024;

async function setPrices(page: Page, caps: { run?: string } = {}) {
  await page.goto('/settings');
  const prices = page.getByRole('region', { name: 'Your prices' });
  await prices.getByLabel('Currency').fill('CNY');
  await prices.getByRole('button', { name: 'Add a price' }).click();
  const row = prices.getByRole('listitem', { name: 'Price 1' });
  await row.getByLabel('Model').fill('video-2.0-cl');
  await row.getByLabel('Kind').selectOption({ label: 'Video' });
  await row.getByLabel('Billing rule').selectOption({ label: 'Without video input' });
  await row.getByLabel('Charged').selectOption({ label: 'per 1,000 tokens' });
  await row.getByLabel('Amount').fill('0.5');
  if (caps.run) await prices.getByLabel(/Per-run cap/).fill(caps.run);
}

async function fillComposer(page: Page, prompt: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Composer' }).click();
  await page.getByRole('combobox', { name: 'Prompt' }).fill(prompt);
}

test('prices set in Settings show as money before sending, in the monitor and on the usage page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPrices(page);
  await fillComposer(page, 'A priced fox');
  const money = cny((TOKENS / 1000) * 0.5);
  await expect(page.getByTestId('token-estimate')).toContainText(TOKENS.toLocaleString('en'));
  await expect(page.getByTestId('money-estimate')).toHaveText(`≈ ${money}`);

  await page.getByRole('button', { name: 'Create video task' }).click();
  await expect(page).toHaveURL(/\/tasks\/[^/]+$/);
  const row = page.getByRole('link', { name: /A priced fox/ });
  // Once the task reports its usage, the figure is the reported one (no "≈").
  await expect(row.getByTestId('task-cost')).toHaveText(`Cost by your prices: ${money}`, { timeout: 60_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { name: 'Money by your prices' })).toBeVisible();
  await expect(page.getByText(/your own figures, not the deployment's bill/)).toBeVisible();
  await expect(page.getByTestId('money-total')).toHaveText(money);
  await expect(page.getByTestId('range-total-video')).toHaveText(`${TOKENS.toLocaleString('en')} tokens`);
});

test('a run over the per-run cap asks with the figures before anything is sent', async ({ page }) => {
  await setPrices(page, { run: '10' });
  const posts = countVideoPosts(page);
  await fillComposer(page, 'A fox over the cap');
  await page.getByRole('button', { name: 'Create video task' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Over your spending cap' });
  await expect(ask).toContainText(
    `This run is estimated at ${cny(54)} by your prices, above your per-run cap of ${cny(10)}.`,
  );
  expect(posts()).toBe(0);
  await ask.getByRole('button', { name: "Don't send" }).click();
  await expect(ask).toBeHidden();
  expect(posts()).toBe(0);
  await page.getByRole('button', { name: 'Create video task' }).click();
  await ask.getByRole('button', { name: 'Send anyway' }).click();
  await expect(page).toHaveURL(/\/tasks\/[^/]+$/);
  expect(posts()).toBe(1);
});
