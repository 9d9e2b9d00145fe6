import { expect, test } from './support/test';

// Issue 34, point 11: a part whose strings failed to load in the language and in English once
// rendered its keys ("title", "connection.title"). It shows a clear error with Try again instead,
// and the page comes once the strings can be fetched (decision 304).

// The settings namespace's chunks, one per language (not the page's code, settings-page-…).
const SETTINGS_STRINGS = /\/assets\/settings-[\w-]{8}\.js$/;

test('a page whose strings failed in both languages shows an error with Try again, never its keys', async ({
  page,
}) => {
  // Refused from the start: the library's idle prefetch of other pages may fetch them before the
  // click (CI run C: the strings were already there, and Settings opened as if nothing failed).
  let blocked = 0;
  await page.route(SETTINGS_STRINGS, (route) => {
    blocked++;
    return route.abort('internetdisconnected');
  });
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

  await expect(page.getByRole('heading', { name: 'This page ran into a problem' })).toBeVisible();
  expect(blocked).toBeGreaterThan(0);
  await expect(page.getByText('The code or the texts of this page could not be loaded')).toBeVisible();
  // None of the page's keys took the place of its strings.
  await expect(page.getByRole('heading', { name: 'connection.title' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'title' })).toHaveCount(0);

  await page.unroute(SETTINGS_STRINGS);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connection' })).toBeVisible();
});
