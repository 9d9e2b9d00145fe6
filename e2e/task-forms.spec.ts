import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, RUNTIME, test } from './support/test';

// The "new task" page against the real local server, driven as a person would: assets uploaded
// through the page with their digital-human purposes, tasks followed in the monitor to playback.
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const PNG = path.join(FIXTURES, 'sample.png');
const MP3 = path.join(FIXTURES, 'sample.mp3');

/** Uploads a file through a slot's upload control and waits until the picked asset is ready. */
async function uploadInto(page: Page, uploadLabel: string, slotLabel: string, file: string) {
  await page.getByLabel(uploadLabel, { exact: true }).setInputFiles(file);
  const select = page.getByLabel(slotLabel, { exact: true });
  await expect(select).toHaveValue(/^asset_/, { timeout: 30_000 });
  const id = await select.inputValue();
  await expect(page.locator(`[data-readiness="ready"]:has(code:text-is("${id}"))`)).toBeVisible({
    timeout: 60_000,
  });
  return id;
}

test.describe('digital-human and music forms', () => {
  test(
    'a digital-human video from uploaded avatar and voice assets plays in the monitor',
    { tag: RUNTIME },
    async ({ page }) => {
      await page.goto('/create/digital-human');
      await expect(page.getByRole('tab', { name: 'Digital human' })).toHaveAttribute('aria-selected', 'true');

      // Submitting empty names every missing asset on its field, before anything is sent.
      await page.getByRole('button', { name: 'Create digital-human video' }).click();
      await expect(page.getByLabel('Avatar', { exact: true })).toHaveAccessibleDescription(
        'Choose or upload an avatar image.',
      );

      const avatarId = await uploadInto(page, 'Upload avatar image', 'Avatar', PNG);
      const audioId = await uploadInto(page, 'Upload speech audio', 'Speech audio', MP3);
      await uploadInto(page, 'Upload authorization', 'Authorization (required)', PNG);
      await page.getByLabel('Name (optional)').fill('E2E greeting');

      // The draft survives a reload.
      await page.reload();
      await expect(page.getByLabel('Avatar', { exact: true })).toHaveValue(avatarId);
      await expect(page.getByLabel('Name (optional)')).toHaveValue('E2E greeting');
      await expect(page.locator('[data-readiness="ready"]')).toHaveCount(3, { timeout: 30_000 });

      await page.getByRole('button', { name: 'Create digital-human video' }).click();
      await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9_-]+$/, { timeout: 15_000 });
      const taskId = page.url().split('/').pop()!;

      const video = page.getByLabel(`Result video of ${taskId}`);
      await expect(video).toBeVisible({ timeout: 90_000 });
      // It really plays: metadata loads with a positive length and playback advances.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/files\//);

      // Edit and re-run opens the same request in the form.
      await page.getByRole('link', { name: 'Edit and re-run' }).click();
      await expect(page).toHaveURL(/\/create\/digital-human$/);
      await expect(page.getByText(`Loaded the request of task ${taskId}`)).toBeVisible();
      await expect(page.getByLabel('Speech audio', { exact: true })).toHaveValue(audioId);
    },
  );

  test('digital-human speech from an uploaded voice ends in an audio player', async ({ page }) => {
    await page.goto('/create/digital-human');
    await page.getByLabel('Digital-human speech').check();
    await page.getByLabel('Text to speak').fill('Hello from the digital human.');
    await uploadInto(page, 'Upload voice sample', 'Voice', MP3);
    await uploadInto(page, 'Upload authorization', 'Authorization (required)', PNG);
    await page.getByRole('button', { name: 'Create digital-human speech' }).click();
    await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9_-]+$/, { timeout: 15_000 });
    const taskId = page.url().split('/').pop()!;
    const audio = page.getByLabel(`Result audio of ${taskId}`);
    await expect(audio).toBeVisible({ timeout: 90_000 });
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await expect(page.getByRole('heading', { name: 'Hello from the digital human.' })).toBeVisible();
  });

  test(
    'a music task of a stated length ends in an audio player with its raw state',
    { tag: RUNTIME },
    async ({ page }) => {
      await page.goto('/create/music');
      await expect(page.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');

      // Custom mode makes title and style required and the prompt the lyrics.
      await page.getByLabel('Custom mode').check();
      await page.getByRole('button', { name: 'Create music track' }).click();
      await expect(page.getByLabel('Style', { exact: true })).toHaveAccessibleDescription(
        'Custom mode needs a style.',
      );
      await page.getByLabel('Custom mode').uncheck();

      await page.getByLabel('Description').fill('A calm piano piece with soft strings, 10 seconds');
      await page.getByRole('button', { name: 'Create music track' }).click();
      await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9_-]+$/, { timeout: 15_000 });
      const taskId = page.url().split('/').pop()!;

      const audio = page.getByLabel(`Result audio of ${taskId}`);
      await expect(audio).toBeVisible({ timeout: 90_000 });
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 })
        .toBeGreaterThan(8);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeLessThan(12);
      await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/files\//);
      // Music's upper-case state shows as the same phase, said once; the server's spelling in the tooltip.
      const badge = page.getByRole('article').locator('[data-status="succeeded"]');
      await expect(badge).toHaveText('Succeeded');
      await expect(badge).toHaveAttribute('title', 'The server says: SUCCESS');
      await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute(
        'download',
        new RegExp(`^${taskId}-.+\\.mp3$`),
      );
    },
  );

  test('a refusal from the server is shown on the field its param names', async ({ page, baseURL }) => {
    await page.goto('/create/digital-human');
    await uploadInto(page, 'Upload avatar image', 'Avatar', PNG);
    await uploadInto(page, 'Upload authorization', 'Authorization (required)', PNG);
    await page.getByLabel('A public URL').check();
    const url = page.getByLabel('Speech audio URL');
    // A /files/ URL of this server with nothing stored there: only the server can know.
    await url.fill(`${baseURL}/files/missing/speech.mp3`);
    await page.getByRole('button', { name: 'Create digital-human video' }).click();

    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(/no stored file/);
    await expect(url).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'The server refused the task' })).toContainText(
      'file_not_found',
    );
    await expect(page).toHaveURL(/\/create\/digital-human$/);

    // Changing the field takes the server's marker away.
    await url.fill(`${baseURL}/files/missing/other.mp3`);
    await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test('the digital-human form marks Authorization as required, says what it is for, and wraps its preview', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/create/digital-human');
  const authorization = page.getByLabel('Authorization (required)', { exact: true });
  await expect(authorization).toHaveAttribute('aria-required', 'true');
  const hint = await authorization.evaluate(
    (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );
  // One plain sentence, not "the API takes no field for it, so it is not sent".
  expect(hint).toMatch(/consent/);
  expect(hint).not.toMatch(/not sent|no field/);
  expect(hint.split(/[.!?]\s/).length).toBe(1);

  // A long value wraps inside the request preview instead of running off its right edge.
  await page.getByRole('radio', { name: 'A public URL' }).check();
  await page
    .getByLabel('Speech audio URL', { exact: false })
    .fill(`https://media.example.com/${'very-long-path-segment/'.repeat(12)}speech.mp3`);
  const preview = page.getByLabel('Request body', { exact: true });
  await expect(preview).toContainText('speech.mp3');
  const { scrollWidth, clientWidth } = await preview.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});
