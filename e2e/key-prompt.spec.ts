import { seriousViolationsInBothThemes } from './support/axe';
import { useOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// A server started with its own API_KEYS hands the dashboard no key (decision 003).
const server = useOwnServer({ API_KEYS: 'sk-e2e-own-key' });

test('a server with its own keys: the page asks for the key once, then shows the page that was opened', async ({
  page,
}) => {
  const unauthorized: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) unauthorized.push(res.url());
  });
  await page.goto(`${server.url}/tasks`);
  const prompt = page.getByRole('form', { name: 'An API key is needed' });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toHaveCount(0);

  await prompt.getByLabel('API key').fill('sk-not-this-one');
  await prompt.getByRole('button', { name: 'Connect' }).click();
  await expect(prompt.getByText(/The server rejected this key/)).toBeVisible();
  // The prompt and its error, light and dark (issue 34, point 12: every dialog audited while open).
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  // Only the check of the typed key was refused; the page itself sent nothing that had to fail.
  expect(unauthorized).toHaveLength(1);

  await prompt.getByLabel('API key').fill('sk-e2e-own-key');
  await prompt.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/tasks`);
  await expect(page.getByRole('banner').getByRole('link', { name: /Connected · local/ })).toBeVisible();
  // Kept for this tab (a reload keeps the page), never in localStorage unless asked.
  const { origins } = await page.context().storageState();
  expect(JSON.stringify(origins)).not.toContain('sk-e2e-own-key');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
});

test('Settings stays reachable without a key', async ({ page }) => {
  await page.goto(`${server.url}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  await expect(page.getByRole('form', { name: 'An API key is needed' })).toBeVisible();
  await page.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
