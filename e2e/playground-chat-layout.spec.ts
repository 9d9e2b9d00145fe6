import type { Page } from '@playwright/test';
import { useOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Issue 34, point 1: the playground's chat is laid out as chat apps are. The page never scrolls:
// the title, the tabs and the settings stay; the conversation scrolls in its own area and opens at
// its latest message; the message box is pinned at the bottom; a new message moves only the
// conversation, and only for a reader who was at its end ("Jump to latest" otherwise).

const STORAGE_KEY = 'media-studio.playground.conversations';

/** A conversation of `turns` long exchanges, stored as the playground keeps it. */
async function seedConversation(page: Page, turns: number) {
  const messages = Array.from({ length: turns }, (_, i) => [
    { id: `u${i}`, role: 'user', content: `Question ${i + 1}: tell me about rivers.` },
    {
      id: `a${i}`,
      role: 'assistant',
      content: `Answer ${i + 1}.\n\n${'Rivers run to the sea, and the sea is never full. '.repeat(6)}`,
    },
  ]).flat();
  const state = {
    state: {
      activeId: 'conv-long',
      conversations: [
        {
          id: 'conv-long',
          title: 'Rivers',
          createdAt: 1,
          updatedAt: 1,
          settings: {
            format: 'chat',
            model: 'service-chat',
            system: '',
            temperature: 0.7,
            maxTokens: 1024,
            stream: true,
          },
          messages,
        },
      ],
    },
    version: 1,
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [STORAGE_KEY, JSON.stringify(state)],
  );
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const conversationArea = (page: Page) =>
  page.getByRole('region', { name: 'Conversation' }).locator('[tabindex="0"]').first();

/** The window does not scroll at all, and is at its top. */
async function expectPageStill(page: Page) {
  const { scrollY, overflow } = await page.evaluate(() => ({
    scrollY: window.scrollY,
    overflow: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(scrollY).toBe(0);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** How far the conversation's own area is from its end, in px. */
const distanceFromEnd = (page: Page) =>
  conversationArea(page).evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test.describe(`chat layout on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const slow = useOwnServer({ EMULATOR_SPEED: '0.5' });

    test('opens at the top from another page and on a fresh load, at the latest message, and follows only a reader at the end', async ({
      page,
    }) => {
      await seedConversation(page, 12);
      // From another page, scrolled down there.
      await page.goto(`${slow.url}/tasks`);
      await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
      if (viewport.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeInViewport();
      await expect(composer(page)).toBeInViewport();
      await expect(page.getByRole('listitem', { name: 'Assistant' }).last()).toBeInViewport();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
      await expectPageStill(page);

      // A fresh load: the same.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeInViewport();
      await expect(page.getByRole('tab', { name: 'Chat' })).toBeInViewport();
      await expect(page.getByRole('listitem', { name: 'Assistant' }).last()).toBeInViewport();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
      await expectPageStill(page);
      if (viewport.name === 'desktop') {
        await expect(page.getByLabel('API format')).toBeInViewport();
      } else {
        // On a phone the settings fold behind a button, and open in place.
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
        await expect(page.getByLabel('API format')).toBeInViewport();
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
      }

      // Sending moves the conversation to its end, never the window; the streamed reply is followed.
      await composer(page).fill('Tell me about rivers, lakes and the sea. '.repeat(30));
      await composer(page).press('Enter');
      const reply = page.getByRole('listitem', { name: 'Assistant' }).last();
      await expect(reply).toHaveAttribute('aria-busy', 'true');
      const grown = (await reply.textContent())?.length ?? 0;
      await expect.poll(async () => (await reply.textContent())?.length ?? 0).toBeGreaterThan(grown + 80);
      await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(64);
      await expectPageStill(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeInViewport();
      await expect(composer(page)).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);

      // The reader scrolls up in the conversation: it stays where they put it while the reply grows.
      const box = (await conversationArea(page).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -600);
      await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(300);
      const jump = page.getByRole('button', { name: 'Jump to latest' });
      await expect(jump).toBeVisible();
      const readingAt = await conversationArea(page).evaluate((el) => el.scrollTop);
      const later = (await reply.textContent())?.length ?? 0;
      await expect.poll(async () => (await reply.textContent())?.length ?? 0).toBeGreaterThan(later + 80);
      expect(await conversationArea(page).evaluate((el) => el.scrollTop)).toBe(readingAt);
      await expectPageStill(page);

      // "Jump to latest" brings the end back, and following resumes.
      await jump.click();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(64);
      await expect(jump).toHaveCount(0);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await expectPageStill(page);
    });
  });
}
