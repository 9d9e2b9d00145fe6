import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Compaction in each API format: asked for first, the history kept readable with the compaction
// shown as an item, and refused (with the reason) where the format cannot send the item back.
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const replies = (page: Page) => page.getByRole('listitem', { name: 'Assistant' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(replies(page).last().getByText('Usage')).toBeVisible();
}

/** The roles of the turns the request would send, read from View code. */
async function sentRoles(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'View code', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'The same request in code' });
  const code = await dialog.locator('pre').innerText();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return [...code.matchAll(/"role":\s*"(\w+)"/g)].map((m) => m[1]!);
}

test('Responses: Compact asks first, keeps every reply readable and shows the compaction as an item', async ({
  page,
}) => {
  await page.goto('/playground');
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await page.getByLabel('API format').selectOption({ label: 'Responses' });
  await send(page, 'First question about harbours');
  await send(page, 'Second question about lighthouses');

  const compact = page.getByRole('button', { name: 'Compact', exact: true });
  await compact.click();
  const ask = page.getByRole('dialog', { name: 'Compact this conversation?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Compacted turns' })).toHaveCount(0);

  await compact.click();
  await ask.getByRole('button', { name: 'Compact', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Compacted: \d+ → \d+ tokens/ })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Compacted turns' })).toBeVisible();
  // Nothing said disappeared: both replies and both questions are still there to read.
  await expect(replies(page)).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'You' })).toHaveCount(2);
  // The compaction's own copy of a question is sent, not shown a second time.
  await expect(
    page.getByRole('listitem', { name: 'You' }).filter({ hasText: 'First question about harbours' }),
  ).toHaveCount(1);

  // Sent from here on: the questions and the item, not the replies it stands for.
  expect(await sentRoles(page)).toEqual(['user', 'user']);
  await send(page, 'After the compaction');
  await expect(replies(page)).toHaveCount(3);
});

for (const format of ['Chat Completions', 'Messages'] as const) {
  test(`${format}: Compact is disabled and says why`, async ({ page }) => {
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await page.getByLabel('API format').selectOption({ label: format });
    await send(page, 'A question before compacting');
    const compact = page.getByRole('button', { name: 'Compact', exact: true });
    await expect(compact).toBeDisabled();
    await expect(compact).toHaveAccessibleDescription(/Only the Responses format can send a compaction back/);
  });
}

test('Messages after a compaction sends the whole history, never two user turns in a row', async ({
  page,
}) => {
  await page.goto('/playground');
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await page.getByLabel('API format').selectOption({ label: 'Responses' });
  await send(page, 'One');
  await send(page, 'Two');
  await page.getByRole('button', { name: 'Compact', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Compact this conversation?' })
    .getByRole('button', { name: 'Compact', exact: true })
    .click();
  await expect(page.getByRole('listitem', { name: 'Compacted turns' })).toBeVisible();

  await page.getByLabel('API format').selectOption({ label: 'Messages' });
  await expect(page.getByRole('listitem', { name: 'Compacted turns' })).toContainText(
    'this format sends the full history above',
  );
  await send(page, 'Three');
  const roles = await sentRoles(page);
  expect(roles).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
});
