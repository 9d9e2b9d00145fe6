import type { Page } from '@playwright/test';

/**
 * Imports a task list on the monitor as a person does: the visible Import button, then the file
 * chooser it opens. A bare `input[type=file]` locator also matched the file inputs of a page the
 * shell was pre-rendering out of sight (page-warmer.tsx), and failed the official CI in strict mode.
 */
export async function importTasksFile(page: Page, contents: string, name = 'tasks.json') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(contents) });
}
