import { seriousViolationsInBothThemes } from './support/axe';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Opens the library, then Settings through the navigation (so Back has somewhere to go), and edits the key. */
async function editSettings(page: Page): Promise<void> {
  await page.goto('/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByLabel('API key', { exact: true }).fill('sk-not-saved-yet');
}

const leaveDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

test('browser Back with unsaved settings asks in the page; Stay keeps the edit, Leave goes back', async ({
  page,
}) => {
  // A window.confirm or beforeunload prompt would be a native dialog: none may appear.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await editSettings(page);

  await page.goBack();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('unsaved changes');
  // The safe answer has the focus; the address is still Settings.
  await expect(dialog.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expect(page).toHaveURL(/\/settings$/);
  // In both themes, nothing serious for axe in the dialog.
  expect(await seriousViolationsInBothThemes(page, '[role="alertdialog"]')).toEqual([]);

  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('sk-not-saved-yet');

  // Escape stays too.
  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);

  // Still one Back away from the library: the held Backs left the history as it was.
  await page.goBack();
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await expect(page).toHaveURL(/\/assets$/);
  // Nothing was saved, and Forward returns to Settings with the saved key, unasked.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('sk-local-dev');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  expect(nativeDialogs).toEqual([]);
});

test('a navigation link or the palette with unsaved settings asks first', async ({ page }) => {
  await editSettings(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.keyboard.press('Control+K');
  await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
  await page.keyboard.type('tasks');
  await page.keyboard.press('Enter');
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('once saved, leaving Settings asks nothing; a reload with unsaved changes gets the browser prompt', async ({
  page,
}) => {
  await editSettings(page);
  await page.getByLabel('API key', { exact: true }).fill('sk-local-dev');
  // Back to the saved value: nothing to lose, Back goes straight back.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await expect(leaveDialog(page)).toHaveCount(0);

  await page.goForward();
  await page.getByLabel('Base URL').fill(new URL(page.url()).origin);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection settings saved')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
  await expect(leaveDialog(page)).toHaveCount(0);

  // Reloads and closing the tab are the browser's to ask about (beforeunload).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API key', { exact: true }).fill('sk-not-saved-yet');
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
