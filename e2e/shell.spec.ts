import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Console errors and uncaught exceptions of a page, collected from the start. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const PAGES = [
  { name: 'Assets', path: '/assets' },
  { name: 'Groups', path: '/groups' },
  { name: 'Composer', path: '/composer', heading: 'Composer' },
  { name: 'Digital human & music', path: '/create/digital-human', heading: 'Digital human & music' },
  { name: 'Tasks', path: '/tasks', heading: 'Tasks' },
  { name: 'Playground', path: '/playground', heading: 'Playground' },
  { name: 'Settings', path: '/settings', heading: 'Settings' },
] as const;

test('first open connects to the local server with no console errors', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/assets$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /Connected · local/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The default key stays out of localStorage (it is for this tab only).
  const { origins } = await page.context().storageState();
  expect(JSON.stringify(origins)).not.toContain('sk-local-dev');
  await page.waitForLoadState('networkidle');

  // A toast (sonner injects its styles; the CSP must not reject them) and a connection switch.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const origin = new URL(page.url()).origin;
  await page.getByLabel('Base URL').fill(origin);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection settings saved')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Connected · local/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the navigation reaches every page and marks the current one', async ({ page }) => {
  await page.goto('/assets');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { name, path, ...rest } of PAGES) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    if ('heading' in rest)
      await expect(page.getByRole('heading', { level: 1, name: rest.heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${name} · Media Studio`));
  }
});

test('deep links survive a reload', async ({ page }) => {
  await page.goto('/playground');
  await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
  await page.goto('/settings');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('the theme switch sets the dark class and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/tasks');
  const html = page.locator('html');
  const theme = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  // The switch is at once: the colour right after the click is already the dark theme's, not the
  // start of a fade (while one runs, the light theme's text sits on the dark theme's surfaces).
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' });
  const darkButton = await theme.getByRole('button', { name: 'Dark' }).elementHandle();
  const [light, atSwitch] = await link.evaluate((a, dark) => {
    const before = getComputedStyle(a).color;
    (dark as HTMLButtonElement).click();
    return [before, getComputedStyle(a).color];
  }, darkButton);
  expect(atSwitch).not.toBe(light);
  await expect.poll(() => link.evaluate((a) => getComputedStyle(a).color)).toBe(atSwitch);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(theme.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page
    .getByRole('banner')
    .getByRole('group', { name: 'Theme' })
    .getByRole('button', { name: 'System' })
    .click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
});

test('the language switch shows Chinese and is remembered', async ({ page }) => {
  await page.goto('/tasks');
  await page.getByRole('banner').getByLabel('Language').selectOption('zh-CN');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: '设置' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '任务' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '任务' })).toBeVisible();
  await page.getByRole('banner').getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
});

test('settings: test connection succeeds with the key and names a wrong key', async ({ page }) => {
  await page.goto('/settings');
  const key = page.getByLabel('API key', { exact: true });
  await expect(key).toHaveAttribute('type', 'password');
  await expect(key).toHaveValue('sk-local-dev');
  await expect(page.getByText('Local', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    page.getByText(/Connected: the server accepted the key\. It is the local server \(local mode/),
  ).toBeVisible();

  await key.fill('sk-wrong');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/The server rejected the key \(HTTP 401\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy request ID' })).toBeVisible();

  await page.getByRole('button', { name: 'Show API key' }).click();
  await expect(key).toHaveAttribute('type', 'text');
});

test('saving a wrong key turns the indicator red; the right key brings it back', async ({ page }) => {
  await page.goto('/settings');
  const indicator = page.getByRole('banner').getByRole('link', { name: /Connection status/ });
  await expect(indicator).toContainText('Connected · local');
  await page.getByLabel('API key', { exact: true }).fill('sk-wrong');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(indicator).toContainText('Wrong API key');
  await page.getByLabel('API key', { exact: true }).fill('sk-local-dev');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(indicator).toContainText('Connected · local');
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Assets' }).click();
  await expect(page).toHaveURL(/\/assets$/);
});
