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
