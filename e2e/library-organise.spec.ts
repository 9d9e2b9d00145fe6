import fs from 'node:fs';
import path from 'node:path';
import { API_KEY, expect, fixtureOrigin, test } from './support/test';
import { createGroup } from './support/composer-fixtures';

// Issue 31, the library: existing assets go into a group by a copy (the API has no move), chosen by
// checkbox and Shift-click, and the composer's picker then opens on that group.
const auth = { Authorization: `Bearer ${API_KEY}` };

test('three assets copied into a group by multi-select; the composer picks from that group', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const source = await createGroup(request, `Shoot ${Date.now()}`);
  const target = await createGroup(request, `Test pack A ${Date.now()}`);
  for (const i of [1, 2, 3]) {
    const made = await request.post('/v1/assets/uploads', {
      headers: auth,
      data: {
        url: `${fixtureOrigin()}/pack-${i}.png`,
        type: 'image',
        name: `Pack ${i}`,
        model: 'video-2.0-cl',
        mode: 'asset',
        group_id: source,
      },
    });
    expect(made.ok()).toBe(true);
  }
  // An upload: its only URL is the service's hosted test copy.
  const uploaded = await request.post('/v1/assets/uploads', {
    headers: auth,
    multipart: {
      type: 'image',
      group_id: source,
      name: 'Uploaded still',
      file: {
        name: 'sample.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures', 'sample.png')),
      },
    },
  });
  expect(uploaded.ok()).toBe(true);

  await page.goto(`/assets?group_id=${source}&view=table`);
  const table = page.getByRole('table', { name: 'Assets' });
  await expect(table.getByRole('button', { name: /^Open details of Pack 1/ })).toBeVisible();
  // One of readiness and status: the record status is in the detail sheet only.
  await expect(table.getByRole('columnheader', { name: 'Readiness' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);

  // Newest first: the upload, then Pack 3, 2, 1. A click, then Shift+click selects the range.
  await table.getByRole('checkbox', { name: 'Select Pack 3' }).click();
  await table.getByRole('checkbox', { name: 'Select Pack 1' }).click({ modifiers: ['Shift'] });
  await expect(table.getByRole('checkbox', { name: 'Select Pack 2' })).toBeChecked();
  await expect(page.getByText('3 selected')).toBeVisible();
  // Esc clears; select all on this page takes all four.
  await page.keyboard.press('Escape');
  await expect(page.getByText('3 selected')).toBeHidden();
  await page.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(page.getByText('4 selected')).toBeVisible();

  await page.getByRole('button', { name: 'Copy to group…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy 4 assets to a group' });
  await expect(dialog).toContainText('the API has no move; this registers a copy, and the original stays', {
    ignoreCase: true,
  });
  // Before the click: the upload is named as one this browser reads and uploads again.
  await expect(
    dialog.getByText('1 is an upload: this browser reads its file and uploads it again'),
  ).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Uploaded still' })).toContainText(
    'An upload: its file will be read and uploaded again',
  );
  await dialog.getByLabel('Target group').selectOption(target);
  await dialog.getByRole('button', { name: 'Copy 4 assets' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied 4, failed 0, could not be copied 0.');
  await expect(dialog.getByRole('listitem', { name: 'Uploaded still' })).toContainText(/Copied as asset_/);
  await expect(dialog.getByRole('listitem', { name: 'Pack 2' })).toContainText(/Copied as asset_/);
  await dialog.getByRole('button', { name: 'Open the group' }).click();
  await expect(page).toHaveURL(new RegExp(`group_id=${target}`));
  await expect(table.getByRole('button', { name: /^Open details of Pack/ })).toHaveCount(3);
  await expect(table.getByRole('button', { name: /^Open details of Uploaded still/ })).toBeVisible();

  // The originals stay where they were.
  const left = await request.get(`/v1/assets?group_id=${source}`, { headers: auth });
  expect(((await left.json()) as { total: number }).total).toBe(4);
  const copies = (await (await request.get(`/v1/assets?group_id=${target}`, { headers: auth })).json()) as {
    data: { id: string; name?: string; model?: string; url?: string }[];
  };
  expect(copies.data.filter((a) => a.name?.startsWith('Pack')).map((a) => a.model)).toEqual([
    'video-2.0-cl',
    'video-2.0-cl',
    'video-2.0-cl',
  ]);
  // The upload's copy is a new file in the target group with the same bytes.
  const copied = copies.data.find((a) => a.name === 'Uploaded still')!;
  const original = fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures', 'sample.png'));
  const bytes = Buffer.from(await (await request.get(copied.url!)).body());
  expect(bytes.equals(original)).toBe(true);

  // The composer's picker opens on the group the person was using, and one of the copies is used.
  await page.goto('/composer');
  await page.getByRole('button', { name: 'Add first frame' }).click();
  await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
  const picker = page.getByRole('dialog', { name: 'First frame from the library' });
  await expect(picker.getByLabel('Group')).toHaveValue(target);
  await expect(picker.getByRole('button', { name: 'Use Pack 2' })).toBeVisible({ timeout: 30_000 });
  await picker.getByRole('button', { name: 'Use Pack 2' }).click();
  await expect(page.getByLabel('Media of reference 1')).toHaveValue(/^Asset:\/\/asset_/);
  const ref = (await page.getByLabel('Media of reference 1').inputValue()).slice('Asset://'.length);
  const picked = await request.get(`/v1/assets/${ref}?group_id=${target}`, { headers: auth });
  expect(picked.ok()).toBe(true);
});
