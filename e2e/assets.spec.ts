import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fixtureOrigin, RUNTIME, test } from './support/test';

// Drives the built dashboard against the real local server (EMULATOR_SPEED=10), as a person would:
// controls are found by role and label.
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const KEY = process.env.E2E_API_KEY ?? 'sk-local-dev';

/** A fresh group per test keeps tests independent of each other's assets. */
async function createGroup(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/v1/asset-groups', {
    headers: { Authorization: `Bearer ${KEY}` },
    data: { name, description: 'created by e2e/assets.spec.ts' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function registerByUrl(page: Page, url: string, options: { preset?: string; name: string }) {
  await page.getByRole('button', { name: 'Register by URL' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
  if (options.preset) await dialog.getByLabel('Preset').selectOption({ label: options.preset });
  await dialog.getByLabel('Public URL').fill(url);
  await dialog.getByLabel('Model', { exact: true }).selectOption('video-2.0-cl');
  await dialog.getByLabel('Name').fill(options.name);
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  // Registering opens the new asset's detail sheet.
  return page.getByRole('dialog', { name: options.name });
}

test.describe('asset library', () => {
  test(
    'dropped image and video upload with progress and both become Ready',
    { tag: RUNTIME },
    async ({ page, request }) => {
      const group = await createGroup(request, `Uploads ${Date.now()}`);
      await page.goto(`/assets?group_id=${group}`);
      await expect(page.getByRole('heading', { name: 'No assets in this group yet' })).toBeVisible();

      await page
        .getByLabel('Files to upload')
        .setInputFiles([path.join(FIXTURES, 'sample.png'), path.join(FIXTURES, 'sample.mp4')]);
      // Finished uploads fold into one line; expanded, each shows its completed progress.
      const uploads = page.getByRole('region', { name: /Uploads \(2\)/ });
      const summary = uploads.getByRole('button', { name: '2 files uploaded' });
      await expect(summary).toHaveAttribute('aria-expanded', 'false');
      await expect(uploads.locator('[data-upload-status]')).toHaveCount(0);
      await summary.click();
      const finished = uploads.getByRole('list', { name: 'Finished uploads' });
      await expect(finished.locator('[data-upload-status="succeeded"]')).toHaveCount(2);
      await expect(
        finished.getByRole('progressbar', { name: 'Upload progress of sample.png' }),
      ).toHaveAttribute('aria-valuenow', '100');

      const library = page.getByRole('list', { name: 'Assets' });
      await expect(library.getByRole('button', { name: 'Open details of sample.png' })).toBeVisible();
      await expect(library.getByRole('button', { name: 'Open details of sample.mp4' })).toBeVisible();
      await expect(library.locator('video[preload="metadata"]')).toHaveCount(1);
      // The list keeps re-querying while the assets prepare, then stops once both are ready.
      await expect(library.getByRole('button', { name: 'Readiness: Ready' })).toHaveCount(2, {
        timeout: 30_000,
      });
    },
  );

  test('uploads are prepared for the default video model unless another is chosen, and the choice is remembered', async ({
    page,
    request,
  }) => {
    const group = await createGroup(request, `Model ${Date.now()}`);
    await page.goto(`/assets?group_id=${group}`);
    const model = page.getByLabel('Prepare for model');
    await expect(model).toHaveValue('video-2.0-cl');
    await expect(page.getByText(/New uploads are prepared for video-2.0-cl/)).toBeVisible();

    await page.getByLabel('Files to upload').setInputFiles(path.join(FIXTURES, 'sample.png'));
    await expect(page.getByRole('button', { name: '1 file uploaded' })).toBeVisible();
    const list = await request.get(`/v1/assets?group_id=${group}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    const [asset] = ((await list.json()) as { data: { model?: string }[] }).data;
    expect(asset?.model).toBe('video-2.0-cl');

    await model.selectOption('video-2.0-cl-fast');
    await page.reload();
    await expect(page.getByLabel('Prepare for model')).toHaveValue('video-2.0-cl-fast');
    await page.getByLabel('Prepare for model').selectOption('');
    await expect(page.getByText(/prepared for no model: a video task will refuse them/)).toBeVisible();
  });

  test('an upload can be cancelled and retried, per file', async ({ page, request }) => {
    const group = await createGroup(request, `Cancel ${Date.now()}`);
    await page.goto(`/assets?group_id=${group}`);
    // Hold the first upload request on the wire, as a slow connection would, until it is cancelled.
    let held = false;
    let release = () => {};
    const cancelled = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/assets/uploads', async (route) => {
      if (held) return route.continue();
      held = true;
      await cancelled;
      // Cancelled means aborted in the browser: this no longer reaches the server (one asset below).
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Files to upload').setInputFiles(path.join(FIXTURES, 'sample.png'));
    await page.getByRole('button', { name: 'Cancel upload of sample.png' }).click();
    const row = page.locator('[data-upload-status]');
    await expect(row).toHaveAttribute('data-upload-status', 'cancelled');
    await expect(row).toContainText('Cancelled');
    release();

    await page.getByRole('button', { name: 'Retry upload of sample.png' }).click();
    await page.getByRole('button', { name: '1 file uploaded' }).click();
    await expect(row).toHaveAttribute('data-upload-status', 'succeeded');
    await expect(
      page.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'Open details of sample.png' }),
    ).toHaveCount(1);
  });

  test('register by URL with a preset, then read every identifier in the detail sheet', async ({
    page,
    request,
  }) => {
    const group = await createGroup(request, `Register ${Date.now()}`);
    await page.goto(`/assets?group_id=${group}`);
    const sheet = await registerByUrl(page, `${fixtureOrigin()}/cat.png`, {
      preset: 'Reference image',
      name: 'Cat',
    });
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/assets/asset_[^?]+\\?group_id=${group}`));
    await expect(sheet.getByRole('button', { name: 'Readiness: Ready' })).toBeVisible({ timeout: 30_000 });
    await expect(sheet.getByRole('button', { name: 'Copy Asset:// reference' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Copy asset ID' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Copy trace ID' })).toBeVisible();
    await expect(sheet.getByText(/^Asset:\/\/asset_/).first()).toBeVisible();
    await expect(sheet.getByLabel('Raw JSON')).toContainText('"purpose": "reference_image"');
    await expect(sheet.getByLabel('Raw JSON')).toContainText('"mode": "asset"');

    // The draft was cleared after success, so the form starts empty next time.
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'Open details of Cat' }),
    ).toBeVisible();
  });

  test('a rejected asset shows review passed but not ready, with its sync_error and remedy', async ({
    page,
    request,
  }) => {
    const group = await createGroup(request, `Reject ${Date.now()}`);
    await page.goto(`/assets?group_id=${group}`);
    const sheet = await registerByUrl(page, `${fixtureOrigin()}/reject-cat.png`, { name: 'Rejected cat' });
    await expect(sheet.getByRole('button', { name: 'Readiness: Failed' })).toBeVisible({ timeout: 30_000 });
    await expect(sheet.getByTestId('review-passed-not-ready')).toHaveText(
      'Review passed, but the asset is not ready for generation.',
    );
    await expect(sheet.getByTestId('sync-error')).not.toBeEmpty();
    // Refused by the content policy: the remedy is other media, never "make its URL reachable".
    await expect(sheet.getByTestId('readiness-remedy')).toHaveText(
      'The media was refused for generation. Replace it with different media and register that as a new asset.',
    );

    // The badge's tooltip names the failing conditions, and not the review ones.
    await sheet.getByRole('button', { name: 'Readiness: Failed' }).focus();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('generation_ready is false, needs true');
    await expect(tooltip).not.toContainText('review_passed');
  });

  test('a deep link with the wrong group says not found; the right group opens the asset', async ({
    page,
    request,
  }) => {
    const group = await createGroup(request, `Deep link ${Date.now()}`);
    const res = await request.post('/v1/assets/uploads', {
      headers: { Authorization: `Bearer ${KEY}` },
      data: { url: `${fixtureOrigin()}/dog.png`, type: 'image', mode: 'asset', group_id: group, name: 'Dog' },
    });
    const { id } = (await res.json()) as { id: string };

    await page.goto(`/assets/${id}?group_id=grp_default`);
    await expect(page.getByText('Asset not found in this group')).toBeVisible();

    await page.goto(`/assets/${id}?group_id=${group}`);
    const sheet = page.getByRole('dialog', { name: 'Dog' });
    await expect(sheet).toBeVisible();
    // The sheet takes focus itself, so no tooltip of a control inside it pops open on arrival.
    await expect(sheet).toBeFocused();
    await expect(sheet.getByRole('button', { name: /^Readiness:/ })).toBeVisible();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('a filtered view lives in the URL and survives a reload', async ({ page, request }) => {
    const group = await createGroup(request, `Filters ${Date.now()}`);
    await page.goto(`/assets?group_id=${group}`);
    const filters = page.getByRole('search', { name: 'Filter assets' });
    await filters.getByLabel('Type').selectOption('video');
    await filters.getByLabel('Status').selectOption('ready');
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/type=video/);
    await expect(page).toHaveURL(/status=ready/);
    await expect(page).toHaveURL(/view=table/);

    await filters.getByLabel('Browse').selectOption('scroll');
    await expect(page).toHaveURL(/paging=scroll/);

    await page.reload();
    await expect(filters.getByLabel('Browse')).toHaveValue('scroll');
    await expect(filters.getByLabel('Type')).toHaveValue('video');
    await expect(filters.getByLabel('Status')).toHaveValue('ready');
    await expect(filters.getByLabel('Group')).toHaveValue(group);
    await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the register form keeps what was typed across a reload', async ({ page }) => {
    await page.goto('/assets');
    await page.getByRole('button', { name: 'Register by URL' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
    await dialog.getByLabel('Preset').selectOption({ label: 'Reference video' });
    await dialog.getByLabel('Public URL').fill(`${fixtureOrigin()}/clip.mp4`);
    await page.reload();
    await expect(dialog.getByLabel('Public URL')).toHaveValue(`${fixtureOrigin()}/clip.mp4`);
    await expect(dialog.getByLabel('Type')).toHaveValue('video');
    await expect(dialog.getByLabel('Purpose')).toHaveValue('reference_video');
    await expect(dialog.getByLabel('Role')).toHaveValue('reference_video');
    await expect(dialog.getByLabel('Mode', { exact: true })).toHaveValue('asset');
  });
});
