import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_KEY, expect, fixtureOrigin, test } from './support/test';

// Toasts and dialogs come and go by animation: here with motion on, as most people see them
// (the suite's default is reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** Ctrl+K, then waits until the search box has focus, as a person sees it appear before typing. */
async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('combobox', { name: /Command palette|命令面板/ })).toBeFocused();
}

// The command palette and the shortcut list, driven by the keyboard alone.
test.describe('command palette', () => {
  test('Ctrl+K jumps to pages and runs actions, with the keyboard only', async ({ page }) => {
    await page.goto('/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
    const palette = page.getByRole('dialog', { name: 'Command palette' });

    await page.keyboard.press('Control+K');
    await expect(palette).toBeVisible();
    await page.keyboard.type('settings');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(palette).toHaveCount(0);

    await openPalette(page);
    await page.keyboard.type('new group');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Create a group' })).toBeVisible();
    await page.keyboard.press('Escape');

    await openPalette(page);
    await page.keyboard.type('theme dark');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await openPalette(page);
    await page.keyboard.type('简体中文');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await openPalette(page);
    await expect(page.getByRole('dialog', { name: '命令面板' })).toBeVisible();
    await page.keyboard.type('English');
    await expect(page.getByRole('option', { name: '语言：English' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Ctrl+K again closes it; Escape too.
    await page.keyboard.press('Control+K');
    await expect(palette).toBeVisible();
    await page.keyboard.press('Control+K');
    await expect(palette).toHaveCount(0);
  });

  test('what is typed while the palette code arrives is kept as typed, and Enter runs it', async ({
    page,
  }) => {
    // The palette's code held back until part of the search is typed, as on a busy machine where
    // it arrives mid-word: the rest of the word then goes to the palette, after what was typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/command-palette-[\w-]+\.js/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
    await page.keyboard.press('Control+K');
    await page.keyboard.type('sett');
    await expect(page.getByRole('textbox', { name: 'Search pages, assets, tasks and actions' })).toHaveValue(
      'sett',
    );
    release();
    const box = page.getByRole('combobox', { name: 'Command palette' });
    await expect(box).toBeFocused();
    await page.keyboard.type('ings');
    await expect(box).toHaveValue('settings');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('finds an asset by name, opens an asset or a task by pasted id, and opens the file picker', async ({
    page,
    request,
  }) => {
    const res = await request.post('/v1/assets/uploads', {
      headers: { Authorization: `Bearer ${API_KEY}` },
      data: { url: `${fixtureOrigin()}/heron.png`, type: 'image', mode: 'asset', name: 'Palette heron' },
    });
    const asset = (await res.json()) as { id: string };

    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
    await openPalette(page);
    await page.keyboard.type('Palette heron');
    const result = page.getByRole('option', { name: /Palette heron/ });
    await expect(result).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}`));
    await expect(page.getByRole('dialog', { name: 'Palette heron' })).toBeVisible();
    await page.keyboard.press('Escape');

    await openPalette(page);
    await page.keyboard.insertText('task_fromclipboard1');
    await expect(page.getByRole('option', { name: 'Open task task_fromclipboard1' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tasks\/task_fromclipboard1$/);

    await openPalette(page);
    await page.keyboard.insertText(asset.id);
    await expect(page.getByRole('option', { name: `Open asset ${asset.id}` })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}`));
    await page.keyboard.press('Escape');

    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await openPalette(page);
    await page.keyboard.type('upload files');
    await expect(page.getByRole('option', { name: 'Upload files' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures', 'sample.png'));
    // The library opens and the chosen file is uploaded into the group it shows.
    await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
    await expect(page.getByRole('button', { name: '1 file uploaded' })).toBeVisible();
  });

  test('? lists the keyboard shortcuts, except while typing in a field', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByLabel('Base URL').click();
    await page.keyboard.type('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
    await expect(page.getByLabel('Base URL')).toHaveValue('?');

    await page.getByRole('heading', { level: 1, name: 'Settings' }).click();
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('cell', { name: 'Open or close the command palette' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
  });
});
