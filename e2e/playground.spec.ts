import type { Locator, Page } from '@playwright/test';
import { useOwnServer } from './support/own-server';
import { API_KEY, expect, RUNTIME, test } from './support/test';

// The playground against the real local server: its text endpoints stream the deterministic
// writer's Markdown at EMULATOR_SPEED, synthesise real speech and measure real audio.

/** A mono 16-bit PCM WAV of a sine tone, built here so the test needs no binary fixture. */
function sineWav(seconds: number, rate = 16_000, hz = 440): Buffer {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), 44 + i * 2);
  }
  return buf;
}

interface AudioLike {
  duration: number;
  currentTime: number;
  muted: boolean;
  play(): Promise<void>;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const replies = (page: Page) => page.getByRole('listitem', { name: 'Assistant' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

async function textLength(locator: Locator): Promise<number> {
  return (await locator.innerText()).length;
}

test.describe('playground', () => {
  test.describe('at 40 tokens a second', () => {
    // A server of its own at EMULATOR_SPEED 1, so the reply takes seconds.
    const slow = useOwnServer({ EMULATOR_SPEED: '1' });
    test('a streamed reply appears progressively and Stop ends it', async ({ page }) => {
      await page.goto(`${slow.url}/playground`);
      await send(page, 'Stream slowly so that I can stop you');
      const reply = replies(page).last();
      const stop = page.getByRole('button', { name: 'Stop', exact: true });
      await expect(stop).toBeVisible();
      await expect.poll(() => textLength(reply)).toBeGreaterThan(40);
      const early = await textLength(reply);
      await expect.poll(() => textLength(reply)).toBeGreaterThan(early + 40);
      // Nothing can arrive after Stop: the streaming request itself is aborted, not merely hidden.
      const aborted = page.waitForEvent(
        'requestfailed',
        (r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/v1/'),
      );
      await stop.click();
      expect((await aborted).failure()?.errorText).toMatch(/ABORTED|cancel/i);
      await expect(reply.getByText('Stopped before the end.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
      await expect(reply.getByRole('heading', { name: 'What to try next' })).toHaveCount(0);
    });
  });

  test.describe('at 20 tokens a second', () => {
    const slow = useOwnServer({ EMULATOR_SPEED: '0.5' });
    test('the reply is followed while the reader is at the end, and not once they scroll up', async ({
      page,
    }) => {
      // Where the reply being written ends, relative to the bottom of the conversation's own scroll
      // area (the page itself does not scroll, decision 300), and that area's scroll.
      const view = () =>
        page.evaluate(() => {
          const items = document.querySelectorAll('li[aria-label="Assistant"]');
          const last = items[items.length - 1];
          const area = last?.closest('[tabindex="0"]');
          const bottom = last?.getBoundingClientRect().bottom ?? 0;
          return {
            top: area?.scrollTop ?? 0,
            belowView: bottom - (area?.getBoundingClientRect().bottom ?? 0),
          };
        });
      // A short window, so a reply of a few lines is longer than the conversation's area.
      await page.setViewportSize({ width: 1280, height: 640 });
      await page.goto(`${slow.url}/playground`);
      // A long message makes a long reply (it is quoted and its words counted): 20 tokens a second
      // keep it streaming for the whole test, however busy the machine.
      await send(page, 'Tell me about rivers, lakes and the sea. '.repeat(40));
      const reply = replies(page).last();
      await expect.poll(async () => (await view()).top, { timeout: 20_000 }).toBeGreaterThan(300);
      // Following: the end of the reply stays in view (above the composer) as it grows.
      const grown = await textLength(reply);
      await expect.poll(() => textLength(reply)).toBeGreaterThan(grown + 80);
      expect((await view()).belowView).toBeLessThan(0);

      // The reader scrolls up to read: the page stays where they put it while the reply grows.
      const area = (await reply.locator('xpath=ancestor::*[@tabindex="0"][1]').boundingBox())!;
      await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
      await page.mouse.wheel(0, -400);
      await expect.poll(async () => (await view()).belowView).toBeGreaterThan(200);
      const readingAt = (await view()).top;
      const later = await textLength(reply);
      await expect.poll(() => textLength(reply)).toBeGreaterThan(later + 80);
      expect((await view()).top).toBe(readingAt);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
    });
  });

  test('each view of the playground has exactly one h1', async ({ page }) => {
    await page.goto('/playground');
    const views = [
      ['Chat', 'Conversation'],
      ['Embeddings', 'Embeddings result'],
      ['Speech', 'Speech result'],
      ['Transcription', 'Transcription result'],
    ] as const;
    for (const [tool, region] of views) {
      await page.getByRole('tab', { name: tool }).click();
      await expect(page.getByRole('region', { name: region })).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
    }
  });

  for (const format of ['Chat Completions', 'Responses', 'Messages'] as const) {
    test(`${format}: streamed Markdown reply with usage, then regenerate`, async ({ page }) => {
      await page.goto('/playground');
      await page.getByRole('button', { name: 'New conversation', exact: true }).click();
      await page.getByLabel('API format').selectOption({ label: format });
      await send(page, 'Tell me about streaming tables');
      const reply = replies(page).last();
      await expect(reply.getByRole('heading', { name: /Reply to/ })).toBeVisible();
      await expect(reply.getByRole('table').first()).toBeVisible();
      const figures = reply.getByRole('definition');
      await expect(reply.getByText('Usage')).toBeVisible();
      await expect(figures.filter({ hasText: /\d+ in · \d+ out · \d+ total/ })).toBeVisible();
      await expect(reply.getByText('First token')).toBeVisible();
      await reply.getByRole('button', { name: 'Regenerate reply' }).click();
      await expect(replies(page)).toHaveCount(1);
      await expect(
        replies(page)
          .last()
          .getByRole('heading', { name: /Reply to/ }),
      ).toBeVisible();
    });
  }

  test('hostile Markdown in model output does nothing; links are safe; code has a copy button', async ({
    page,
  }) => {
    const hostile = [
      '# Safe heading\n\n',
      'Before <script>window.__pwned = "script"</script> after.\n\n',
      '<img src="x" onerror="window.__pwned = \'img\'">\n\n',
      '[click me](javascript:window.__pwned=%22link%22) and [docs](https://example.com/docs)\n\n',
      '```js\nconst answer = 42;\n```\n',
    ];
    await page.route('**/v1/chat/completions', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'Content-Type': 'text/event-stream', 'X-Request-Id': 'req_hostile' },
        body:
          hostile
            .map(
              (content) =>
                `data: ${JSON.stringify({ id: 'x', choices: [{ index: 0, delta: { content } }] })}\n\n`,
            )
            .join('') + 'data: [DONE]\n\n',
      }),
    );
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await send(page, 'anything');
    const reply = replies(page).last();
    // The reply's `#` is a level down: the page title stays the view's only h1.
    await expect(reply.getByRole('heading', { name: 'Safe heading', level: 2 })).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    // Raw HTML shows as the text it is, and never becomes elements.
    await expect(
      reply.getByText('<script>window.__pwned = "script"</script>', { exact: false }),
    ).toBeVisible();
    await expect(reply.locator('script, img, iframe')).toHaveCount(0);
    await expect(reply.locator('a[href^="javascript:"]')).toHaveCount(0);
    const docs = reply.getByRole('link', { name: 'docs' });
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    await expect(reply.getByText('const answer = 42;')).toBeVisible();
    await expect(reply.getByRole('button', { name: 'Copy code' })).toBeVisible();
    expect(await page.evaluate(() => (globalThis as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  test('a conversation survives a reload, can be renamed, edited and deleted', async ({ page }) => {
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await send(page, 'Remember this conversation');
    await expect(replies(page).last().getByText('Usage')).toBeVisible();
    // A message typed but not sent is still there after the reload.
    await page.getByLabel('Message', { exact: true }).fill('half-written follow-up');
    await page.reload();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('half-written follow-up');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('button', { name: /^Remember this conversation/ })).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: 'You' }).getByText('Remember this conversation'),
    ).toBeVisible();
    await expect(
      replies(page)
        .last()
        .getByRole('heading', { name: /Reply to/ }),
    ).toBeVisible();

    await list.getByRole('button', { name: 'Rename “Remember this conversation”' }).click();
    await list.getByLabel('Conversation name').fill('Kept across reloads');
    await list.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('button', { name: /^Kept across reloads/ })).toBeVisible();

    await page
      .getByRole('listitem', { name: 'You' })
      .getByRole('button', { name: 'Edit and resend' })
      .click();
    await page.getByLabel('Edit message').fill('An edited question');
    await page.getByRole('button', { name: 'Save and resend' }).click();
    await expect(
      replies(page)
        .last()
        .getByRole('heading', { name: /An edited question/ }),
    ).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'You' })).toHaveCount(1);

    await list.getByRole('button', { name: 'Delete “Kept across reloads”' }).click();
    await expect(list.getByRole('button', { name: /^Kept across reloads/ })).toHaveCount(0);
    await list.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(list.getByRole('button', { name: /^Kept across reloads/ })).toBeVisible();
  });

  test('compact replaces the conversation and shows the saving; view code masks the key', async ({
    page,
  }) => {
    await page.goto('/playground');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await page.getByLabel('API format').selectOption({ label: 'Responses' });
    await send(page, 'First question about compaction');
    await expect(replies(page).last().getByText('Usage')).toBeVisible();
    await send(page, 'Second question about compaction');
    await expect(replies(page)).toHaveCount(2);
    await expect(replies(page).last().getByText('Usage')).toBeVisible();
    await page.getByRole('button', { name: 'Compact', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Compact this conversation?' })
      .getByRole('button', { name: 'Compact', exact: true })
      .click();
    await expect(page.getByRole('status').filter({ hasText: /Compacted: \d+ → \d+ tokens/ })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Compacted turns' })).toBeVisible();
    await send(page, 'After compaction');
    await expect(
      replies(page)
        .last()
        .getByRole('heading', { name: /After compaction/ }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'View code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'The same request in code' });
    const code = dialog.locator('pre');
    await expect(code).toContainText('/v1/responses');
    await expect(code).not.toContainText(API_KEY);
    await dialog.getByRole('tab', { name: 'openai (Python)' }).click();
    await expect(dialog.locator('pre')).toContainText('client.responses.create(');
    await dialog.getByRole('tab', { name: 'anthropic (JS)' }).click();
    await expect(dialog.getByText(/Anthropic SDK has no equivalent/)).toBeVisible();

    // On a phone the code scrolls inside the dialog: the dialog, and its copy button, stay in view.
    await dialog.getByRole('tab', { name: 'curl' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    // Read until laid out at the new width: one read right after a resize can catch the old layout.
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        const copy = (await dialog.getByRole('button', { name: 'Copy code' }).boundingBox())!;
        return copy.x + copy.width - (box.x + box.width);
      })
      .toBeLessThanOrEqual(0);
    // The languages wrap to a second row above the code, not over it.
    await expect
      .poll(async () => {
        const lastTab = (await dialog.getByRole('tab', { name: 'anthropic (Python)' }).boundingBox())!;
        const codeBox = (await dialog.locator('pre').boundingBox())!;
        return lastTab.y + lastTab.height - codeBox.y;
      })
      .toBeLessThanOrEqual(0);
  });

  test('embeddings show dimensions and a similarity matrix', async ({ page }) => {
    await page.goto('/playground?tool=embeddings');
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(/3 vectors of \d+ dimensions/);
    const matrix = page.getByRole('table', { name: 'Cosine similarity' });
    await expect(matrix.getByRole('row')).toHaveCount(4);
    await expect(matrix.getByRole('cell', { name: '1.000' })).toHaveCount(3);
    // Texts that share words are closer than unrelated ones.
    const cells = await matrix.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(Number(cells[1])).toBeGreaterThan(Number(cells[2]));
  });

  test('speech plays in the page and downloads', { tag: RUNTIME }, async ({ page }) => {
    await page.goto('/playground?tool=speech');
    await page.getByLabel('Text', { exact: true }).fill('Hello from the playground test.');
    await page.getByLabel('Format').selectOption('wav');
    await page.getByRole('button', { name: 'Generate speech' }).click();
    const audio = page.getByLabel('Generated speech');
    await expect(audio).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() =>
        audio.evaluate((a) =>
          Number.isFinite((a as unknown as AudioLike).duration) ? (a as unknown as AudioLike).duration : 0,
        ),
      )
      .toBeGreaterThan(0.5);
    await audio.evaluate((a) => {
      const el = a as unknown as AudioLike;
      el.muted = true;
      return el.play();
    });
    await expect
      .poll(() => audio.evaluate((a) => (a as unknown as AudioLike).currentTime))
      .toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download .wav' }).click();
    expect((await download).suggestedFilename()).toBe('speech.wav');
  });

  test('a dropped WAV is transcribed with timed segments', { tag: RUNTIME }, async ({ page }) => {
    await page.goto('/playground?tool=transcription');
    const wav = sineWav(1.5).toString('base64');
    // A real drop: a DataTransfer holding the file, as the browser builds it for a dragged file.
    const dataTransfer = await page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob('${wav}'), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'tone.wav', { type: 'audio/wav' }));
      return dt;
    })()`);
    // The drop target holds the Choose button (its text changes while a file is dragged over it).
    const zone = page.getByRole('button', { name: 'Choose an audio file' }).locator('..');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText(/tone\.wav \(\d+\.\d KB\)/)).toBeVisible();
    await page.getByLabel('Response format').selectOption('verbose_json');
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    await expect(page.getByTestId('transcript-text')).not.toBeEmpty();
    await expect(page.getByText(/Audio duration 0:01\.[45]/)).toBeVisible();
    const segments = page.getByRole('table', { name: 'Segments' });
    await expect(segments.getByRole('row').nth(1)).toContainText('0:00.0');

    await page.getByLabel('Response format').selectOption('srt');
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    await expect(page.getByTestId('transcript-text')).toContainText('-->');
    // Subtitles are a file of their own: copied or downloaded as such.
    await expect(page.getByRole('button', { name: 'Copy SRT' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download SRT' }).click();
    expect((await download).suggestedFilename()).toBe('transcript.srt');
  });
});
