import { API_KEY, expect, test } from './support/test';
import { countVideoPosts, createGroup, uploadReadyImage } from './support/composer-fixtures';

// Creating tasks as people do all day: "edit and re-run" of a task whose references are library
// assets, the Ctrl/Cmd+Enter shortcut, and the create button on a phone.
const auth = { Authorization: `Bearer ${API_KEY}` };

test.describe('creating tasks', () => {
  test('edit and re-run shows the referenced assets as when picked and flags every model mismatch before submit', async ({
    page,
    request,
  }) => {
    // The assets sit in a group of their own: the dashboard must find them there.
    const group = await createGroup(request, `Re-run ${Date.now()}`);
    const stamp = Date.now();
    const face = await uploadReadyImage(request, group, `face-${stamp}.png`);
    const sky = await uploadReadyImage(request, group, `sky-${stamp}.png`);
    const created = await request.post('/v1/videos', {
      headers: auth,
      data: {
        model: 'video-2.0-cl',
        prompt: 'The face under the @sky',
        references: [
          { role: 'first_frame', media_type: 'image', url: `Asset://${face}` },
          { role: 'reference_image', media_type: 'image', url: `Asset://${sky}`, alias: 'sky' },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const taskId = ((await created.json()) as { id: string }).id;

    // A fresh browser profile has no recorded request: the draft is rebuilt from the task.
    const posts = countVideoPosts(page);
    await page.goto(`/composer?from=${taskId}`);
    const references = page.getByRole('list', { name: 'References' });
    await expect(references.getByText(`face-${stamp}.png`)).toBeVisible({ timeout: 15_000 });
    await expect(references.getByText(`sky-${stamp}.png`)).toBeVisible();
    await expect(references.getByRole('img', { name: new RegExp(`sky-${stamp}`) })).toBeVisible();
    await expect(references.getByText('video-2.0-cl', { exact: true })).toHaveCount(2);

    await page.getByRole('radio', { name: 'video-2.0-cl-mini' }).check();
    await expect(references.getByText(/prepared for video-2.0-cl, not video-2.0-cl-mini/)).toHaveCount(2);
    await page.getByRole('button', { name: 'Create video task' }).click();
    await expect(page.getByTestId('validation-summary')).toContainText('Fix these 2 problems');
    expect(posts()).toBe(0);
  });

  test('Ctrl+Enter creates the task from the composer and from a task form', async ({ page }) => {
    await page.goto('/composer');
    const prompt = page.getByRole('combobox', { name: 'Prompt' });
    await prompt.fill('A lighthouse in a storm');
    await prompt.press('Control+Enter');
    await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9]+$/, { timeout: 15_000 });

    await page.goto('/create/music');
    const description = page.getByLabel('Description');
    await description.fill('A calm piano piece, 10 seconds');
    await description.press('Control+Enter');
    await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9_-]+$/, { timeout: 15_000 });
  });

  test('on a 390 px phone the create button is on screen without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/composer');
    const create = page.getByRole('button', { name: 'Create video task' });
    await expect(create).toBeInViewport();
    await expect(page.getByTestId('token-estimate')).toBeInViewport();
    // Still there halfway down the form, and it still works from there.
    await page.getByRole('combobox', { name: 'Prompt' }).fill('A paper boat on a canal');
    await page.getByRole('heading', { name: 'Video settings' }).scrollIntoViewIfNeeded();
    await expect(create).toBeInViewport();
    const noSideScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(noSideScroll).toBe(true);
    await create.click();
    await expect(page).toHaveURL(/\/tasks\/task_[A-Za-z0-9]+$/, { timeout: 15_000 });

    await page.goto('/create/music');
    await expect(page.getByRole('button', { name: 'Create music track' })).toBeInViewport();
  });
});
