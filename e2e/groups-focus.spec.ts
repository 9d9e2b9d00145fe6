import { API_KEY, expect, test } from './support/test';

// Issue 11, focus: closing any dialog or sheet gives focus back to what opened it, however it
// closes (Escape, saving, the browser's Back). The library's own: e2e/assets-focus.spec.ts.

test('group create and edit dialogs give focus back to the button or link that opened them', async ({
  page,
  request,
}) => {
  const name = `Focus ${Date.now()}`;
  await request.post('/v1/asset-groups', {
    headers: { Authorization: `Bearer ${API_KEY}` },
    data: { name },
  });
  await page.goto('/groups');
  const newGroup = page.getByRole('button', { name: 'New group' }).first();

  // Escape.
  await newGroup.focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create a group' });
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(newGroup).toBeFocused();

  // The browser's Back (the dialog lives in the URL).
  await page.keyboard.press('Enter');
  await expect(create).toBeVisible();
  await page.goBack();
  await expect(create).toBeHidden();
  await expect(newGroup).toBeFocused();

  // Creating closes it too.
  await page.keyboard.press('Enter');
  await create.getByLabel('Name', { exact: true }).fill(`${name} 2`);
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create).toBeHidden();
  await expect(newGroup).toBeFocused();

  // Edit opens from a link in the row; Escape, then saving.
  const editLink = page.getByRole('link', { name: `Edit ${name}`, exact: true });
  await editLink.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit group' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(editLink).toBeFocused();

  await page.keyboard.press('Enter');
  await edit.getByLabel('Description').fill('Saved from the keyboard');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(editLink).toBeFocused();
});
