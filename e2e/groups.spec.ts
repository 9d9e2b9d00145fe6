import { expect, fixtureOrigin, test } from './support/test';

test('create and rename a group, then open the library filtered by it', async ({ page }) => {
  const name = `Campaign ${Date.now()}`;
  await page.goto('/groups');
  await page.getByRole('button', { name: 'New group' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create a group' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Spring launch');
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText('0');

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit group' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Name').fill(`${name} renamed`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: new RegExp(`${name} renamed`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('link', { name: `Open in library: ${name} renamed` }).click();
  await expect(page).toHaveURL(/\/assets\?group_id=grp_/);
  const groupId = new URL(page.url()).searchParams.get('group_id')!;
  const groupSelect = page.getByRole('search', { name: 'Filter assets' }).getByLabel('Group');
  await expect(groupSelect).toHaveValue(groupId);
  await expect(groupSelect.locator('option:checked')).toHaveText(`${name} renamed`);
  await expect(page.getByRole('heading', { name: 'No assets in this group yet' })).toBeVisible();

  // An asset registered here lands in this group, and the group's count follows.
  await page.getByRole('button', { name: 'Register by URL' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
  await dialog.getByLabel('Public URL').fill(`${fixtureOrigin()}/bird.png`);
  await dialog.getByLabel('Name').fill('Bird');
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  // Registering opens the asset's detail sheet; close it to see the library behind.
  await expect(page.getByRole('dialog', { name: 'Bird' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'Open details of Bird' }),
  ).toBeVisible();

  await groupSelect.selectOption('grp_default');
  await expect(page).not.toHaveURL(/group_id=/);
  await expect(page.getByRole('button', { name: 'Open details of Bird' })).toHaveCount(0);

  await page.goto('/groups');
  await expect(
    page
      .getByRole('row', { name: new RegExp(`${name} renamed`) })
      .getByRole('cell')
      .first(),
  ).toHaveText('1');
});
