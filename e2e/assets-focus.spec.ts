import { expect, fixtureOrigin, test } from './support/test';

// Issue 11, focus: a dialog opened from inside another (registering opens the new asset's sheet)
// gives focus back to what opened the first; a sheet closed with Back, to the card that opened it.

test('a registration that opens the new asset gives focus back to Register by URL when it closes', async ({
  page,
}) => {
  await page.goto('/assets');
  const register = page.getByRole('button', { name: 'Register by URL' }).first();
  await register.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
  await dialog.getByLabel('Public URL').fill(`${fixtureOrigin()}/focus.png`);
  await dialog.getByLabel('Name').fill('Focus bird');
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Focus bird' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(register).toBeFocused();

  // The sheet closed with the browser's Back gives focus back to the card that opened it.
  const card = page.getByRole('button', { name: 'Open details of Focus bird' });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(card).toBeFocused();
});

test('the upload tray keeps focus: cancel turns into retry in place, clearing the tray returns to Choose files', async ({
  page,
}) => {
  await page.goto('/assets');
  // Hold the upload on the wire until it is cancelled, as a slow connection would.
  let release = () => {};
  const cancelled = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route('**/v1/assets/uploads', async (route) => {
    if (held) return route.continue();
    held = true;
    await cancelled;
    await route.continue().catch(() => undefined);
  });
  await page
    .getByLabel('Files to upload')
    .setInputFiles({ name: 'tray.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  const cancel = page.getByRole('button', { name: 'Cancel upload of tray.png' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  release();
  const retry = page.getByRole('button', { name: 'Retry upload of tray.png' });
  await expect(retry).toBeFocused();

  // Clearing the last finished file removes the tray and the button that had focus.
  await page.getByRole('button', { name: 'Clear finished' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-upload-status]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeFocused();
});
