import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';
import { countVideoPosts } from './support/composer-fixtures';

// The dashboard against what the local server can now say (issue 30; docs/local-double.md): a 429
// is waited out and retried, a 402 says the quota is spent, a disabled asset says why, and the
// specification's other answer forms are read. The switch is this key's setting, cleared after each.
const auth = { Authorization: `Bearer ${API_KEY}` };

async function setSwitch(request: APIRequestContext, directives: string) {
  const res = await request.put('/v1/local/double', { headers: auth, data: { directives } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await request.delete('/v1/local/double', { headers: auth });
});

test.describe('the dashboard against the local double', () => {
  test('a 429 is retried after its Retry-After, saying so, and the library then loads', async ({
    page,
    request,
  }) => {
    await setSwitch(request, 'fault=429; retry-after=3; times=1; method=GET; path=/v1/assets');
    await page.goto('/assets');
    const notice = page.getByRole('status').filter({ hasText: /Rate limited, retrying in \d s/ });
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Too many requests just now')).toHaveCount(0);
  });

  test('a 402 says the quota is spent and is not retried', async ({ page, request }) => {
    await setSwitch(request, 'fault=402; method=POST; path=/v1/videos');
    const posts = countVideoPosts(page);
    await page.goto('/composer');
    await page.getByRole('combobox', { name: 'Prompt' }).fill('A lighthouse in a storm');
    await page.getByRole('button', { name: 'Create video task' }).click();
    const refusal = page.getByTestId('submit-refusal');
    await expect(refusal).toContainText('Quota spent, so nothing was started (not retried)');
    await expect(refusal).toContainText('Insufficient quota');
    expect(posts()).toBe(1);
    await expect(page).toHaveURL(/\/composer$/);
  });

  test('a disabled asset says why it cannot be used', async ({ page, request }) => {
    const res = await request.post('/v1/assets/uploads', {
      headers: { ...auth, 'X-Local-Double': 'asset=disabled; sync-error=Disabled by the account owner' },
      multipart: {
        type: 'image',
        model: 'video-2.0-cl',
        name: 'Disabled face',
        file: {
          name: 'sample.png',
          mimeType: 'image/png',
          buffer: fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures', 'sample.png')),
        },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: string };
    await expect
      .poll(async () => {
        const a = await request.get(`/v1/assets/${id}`, { headers: auth });
        return ((await a.json()) as { status: string }).status;
      })
      .toBe('disabled');
    await page.goto(`/assets/${id}?group_id=grp_default`);
    const sheet = page.getByRole('dialog', { name: 'Disabled face' });
    await expect(sheet.getByTestId('sync-error')).toHaveText('Disabled by the account owner');
    await expect(sheet.getByTestId('readiness-remedy')).toContainText('disabled by the deployment');
  });

  test('an upload that ends disabled says so in the tray, with the reason, not "Done"', async ({
    page,
    request,
  }) => {
    await setSwitch(
      request,
      'asset=disabled; sync-error=Disabled by the account owner; method=POST; path=/v1/assets/uploads',
    );
    await page.goto('/assets');
    await page
      .getByLabel('Files to upload')
      .setInputFiles(path.resolve(import.meta.dirname, 'fixtures', 'sample.png'));
    const tray = page.getByRole('region', { name: 'Upload (1)' });
    const row = tray
      .getByRole('list', { name: 'Uploads in progress or needing attention' })
      .getByRole('listitem');
    await expect(row).toContainText('Uploaded, but it ended disabled: no task can use it.', {
      timeout: 30_000,
    });
    await expect(row).toContainText('The service says: Disabled by the account owner');
    await expect(tray).toContainText('Finished: 1 file uploaded · 1 cannot be used');
    await expect(tray).not.toContainText('Done: 1 file uploaded');
    await expect(tray.getByRole('button', { name: '1 file uploaded' })).toHaveCount(0);
  });

  test('the other answer forms: upper-case states, task_id only, result at output.url, asset_type/asset_ref, no model', async ({
    page,
    request,
  }) => {
    await setSwitch(
      request,
      'states=upper; task-ids=task_id; result=output.url; asset-names=alt; asset-model=omit',
    );
    const created = await request.post('/v1/videos', {
      headers: auth,
      data: { model: 'video-2.0-cl', prompt: 'A paper boat on a pond', duration: 4.5, ratio: '2.39:1' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const body = (await created.json()) as { id?: string; task_id: string; status: string };
    expect(body.id).toBeUndefined();
    expect(body.status).toBe('SUBMITTED');

    await page.goto('/tasks');
    await page.getByLabel('Track a task by ID').fill(body.task_id);
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page.locator('[data-status="succeeded"]').first()).toBeVisible({ timeout: 90_000 });
    const video = page.getByLabel(`Result video of ${body.task_id}`);
    await expect(video).toHaveAttribute('src', /\/files\/.+\.mp4$/);

    // The library reads assets named asset_type / asset_ref without model.
    const upload = await request.post('/v1/assets/uploads', {
      headers: auth,
      multipart: {
        type: 'image',
        name: 'Alt names',
        file: {
          name: 'sample.png',
          mimeType: 'image/png',
          buffer: fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures', 'sample.png')),
        },
      },
    });
    expect(upload.ok()).toBe(true);
    await page.goto('/assets');
    await expect(page.getByText('Alt names').first()).toBeVisible();
  });
});
