import { seriousViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Tools and JSON output in the playground chat, against the real local server's deterministic
// writer: it calls the offered tool with arguments from the message, and answers a tool result.

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const replies = (page: Page) => page.getByRole('listitem', { name: 'Assistant' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test.describe('playground tools and JSON output', () => {
  for (const format of ['Chat Completions', 'Responses', 'Messages'] as const) {
    test(`${format}: a tool call card is answered with a result and the conversation continues`, async ({
      page,
    }) => {
      await page.goto('/playground');
      await page.getByRole('button', { name: 'New conversation', exact: true }).click();
      await page.getByLabel('API format').selectOption({ label: format });
      await page.getByText('Tools and JSON output').click();
      await page.getByLabel('Offer tools').check();
      await page.getByRole('button', { name: 'Example: calendar' }).click();
      await page.getByRole('button', { name: 'Example: weather' }).click();
      await expect(page.getByLabel('Tools (JSON)')).toHaveValue(/"get_weather"/);
      await send(page, 'What is the weather? city: Paris, unit: fahrenheit');

      const card = replies(page).last().getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
      await expect(card.getByText('get_weather', { exact: true })).toBeVisible();
      const args = card.getByLabel('Arguments of get_weather');
      await expect(args).toContainText('"city": "Paris"');
      await expect(args).toContainText('"unit": "fahrenheit"');

      expect(await seriousViolations(page, 'main')).toEqual([]);

      await card.getByLabel('Result of get_weather').fill('{"temperature": 64, "sky": "clear"}');
      await card.getByRole('button', { name: 'Send result' }).click();
      await expect(replies(page)).toHaveCount(2);
      const answer = replies(page).last();
      await expect(answer.getByRole('heading', { name: /Answer from get_weather/ })).toBeVisible();
      await expect(answer.getByText('clear')).toBeVisible();
      await expect(replies(page).first().getByText('"sky": "clear"')).toBeVisible();

      await page.getByRole('button', { name: 'View code', exact: true }).click();
      const code = page.getByRole('dialog', { name: 'The same request in code' }).locator('pre');
      await expect(code).toContainText('get_weather');
      await expect(code).toContainText('temperature');
    });
  }

  test('the JSON-output switch makes the reply JSON valid against the schema, shown in View code', async ({
    page,
  }) => {
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await page.getByText('Tools and JSON output').click();
    await page.getByLabel('Reply in JSON').check();
    await page.getByRole('button', { name: 'Example schema' }).click();
    await send(page, 'Review this book. title: Dune, rating: 5');
    // Pretty-printed, and checked in the browser against the schema that was sent.
    const json = replies(page).last().getByLabel('JSON reply');
    await expect(json).toContainText('"title": "Dune"');
    await expect(json).toContainText('"rating": 5');
    expect(await json.textContent()).toContain('{\n  "title": "Dune",\n');
    await expect(replies(page).last().getByText('Matches the schema that was sent')).toBeVisible();
    await page.getByRole('button', { name: 'View code', exact: true }).click();
    const code = page.getByRole('dialog', { name: 'The same request in code' }).locator('pre');
    await expect(code).toContainText('json_schema');
    await expect(code).toContainText('"rating"');
  });

  test('a tools editor that is not JSON says so', async ({ page }) => {
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await page.getByText('Tools and JSON output').click();
    await page.getByLabel('Offer tools').check();
    await page.getByLabel('Tools (JSON)').fill('[{"name": ');
    await expect(page.getByText(/This is not valid JSON yet/)).toBeVisible();
    await page.getByLabel('Tools (JSON)').fill('{"name": "x"}');
    await expect(page.getByText('Write a JSON array of tools')).toBeVisible();
  });
});

// Issue 43 §4: on a phone the settings fold away, and tools left on turned ordinary messages into
// tool calls with nothing on screen to say why. The header row says so while they are on.
test('on a phone, tools left on are shown beside the folded settings, and an open panel takes the whole screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A first visit opens a conversation of its own (the list is folded on a phone).
  await page.goto('/playground');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  const badge = page.getByRole('status').filter({ hasText: 'Tools on' });
  await expect(badge).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByText('Tools and JSON output').click();
  await page.getByLabel('Offer tools').check();
  // Folded again, as a person leaves it: the badge stays in view above the conversation.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Offer tools')).toBeHidden();
  await expect(badge).toBeVisible();
  await expect(badge).toBeInViewport();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Offer tools').uncheck();
  await expect(badge).toHaveCount(0);

  // An open panel takes the conversation's place whole, rather than each getting a few lines.
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeHidden();
  const settings = page.getByRole('checkbox', { name: 'Offer tools' });
  await expect(settings).toBeInViewport();
  await page.getByRole('button', { name: 'Back to the chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeInViewport();
  // The button went as it was pressed: the keyboard goes on in the message box.
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await expect(page.getByLabel('Offer tools')).toBeHidden();
  // Starting a conversation from the list goes to it: the list gives way.
  await page.getByRole('button', { name: 'Conversations', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
});
