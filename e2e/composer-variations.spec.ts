import { seriousViolations } from './support/axe';
import { API_KEY, expect, fixtureOrigin, test } from './support/test';

// Variations in one step against the real local server: three tasks that differ only in the model,
// each body previewed, the batch's estimate checked against the usage the server then reports,
// grouped in the monitor as one batch and opened together in Compare.
const auth = { Authorization: `Bearer ${API_KEY}` };

const tokensOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('a batch of model variations is previewed, flagged, estimated, grouped in the monitor and compared', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/composer');
  await page.getByRole('combobox', { name: 'Prompt' }).fill('A paper boat drifts down a rainy street');
  await page.getByLabel('Duration (seconds)').fill('4');
  await page.getByRole('radio', { name: '1080p' }).check();

  await page.getByRole('checkbox', { name: 'Create variations' }).click();
  await page.getByLabel('Vary').selectOption('model');
  await expect(page.getByLabel('Model of variant 1')).toHaveValue('video-2.0-cl');
  await expect(page.getByLabel('Model of variant 2')).toHaveValue('video-2.0-cl-fast');
  // Nothing is flagged before a variant is left or the batch is sent, as with every other field.
  await expect(page.getByText('video-2.0-cl-fast does not offer 1080p: choose 480p, 720p.')).toHaveCount(0);
  // 1080p is refused for the fast model only: flagged on its variant once sent, and nothing is sent.
  await page.getByRole('button', { name: 'Create 2 tasks' }).click();
  await expect(page.getByText('video-2.0-cl-fast does not offer 1080p: choose 480p, 720p.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Variations' })).toBeFocused();
  await expect(page).toHaveURL(/\/composer$/);

  await page.getByRole('radio', { name: '480p' }).check();
  await expect(page.getByTestId('variant-issues')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a variant' }).click();
  await page.getByLabel('Model of variant 3').selectOption('video-2.0-cl-mini');
  // Kept with the draft: a reload loses none of it.
  await page.reload();
  await expect(page.getByLabel('Model of variant 3')).toHaveValue('video-2.0-cl-mini');

  // One body per variant in the preview, each with its own estimate; the action bar sums them.
  const each: number[] = [];
  for (const [i, model] of ['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini'].entries()) {
    await page.getByRole('tab', { name: `Variant ${i + 1}` }).click();
    const previews = page.getByTestId('variant-previews');
    await expect(previews.getByLabel('Request body', { exact: true })).toContainText(`"model": "${model}"`);
    await expect(previews.getByLabel('Request body', { exact: true })).toContainText('"resolution": "480p"');
    each.push(tokensOf(await previews.getByRole('tabpanel').locator('span.tabular-nums').textContent()));
  }
  expect(each[0]).toBeGreaterThan(0);
  expect(await seriousViolations(page, 'form#composer')).toEqual([]);
  await expect(page.getByText("Estimated usage of 3 tasks (local server's formula)")).toBeVisible();
  const total = tokensOf(await page.getByTestId('token-estimate').textContent());
  expect(total).toBe(each[0]! + each[1]! + each[2]!);

  // On a phone four variants wrap the preview's tabs to a second row, which pushes the preview
  // down instead of lying over it.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add a variant' }).click();
  const tabs = page.getByRole('tablist', { name: 'Request of each variant' });
  // Read until laid out at the new width: one read right after a resize can catch the old layout.
  await expect
    .poll(async () => {
      const list = (await tabs.boundingBox())!;
      const fourth = (await tabs.getByRole('tab', { name: 'Variant 4' }).boundingBox())!;
      return fourth.y + fourth.height - (list.y + list.height);
    })
    .toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Remove variant 4' }).click();
  await page.setViewportSize(desktop);

  await page.getByRole('button', { name: 'Create 3 tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  const batch = page.getByRole('region', { name: 'Batch of 3 variations' });
  await expect(batch).toBeVisible();
  await expect(batch.getByText('Varied: model')).toBeVisible();
  const links = batch.getByRole('link', { name: /^Variant \d/ });
  await expect(links).toHaveText([
    'Variant 1 · Model video-2.0-cl',
    'Variant 2 · Model video-2.0-cl-fast',
    'Variant 3 · Model video-2.0-cl-mini',
  ]);
  const ids = (await links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))).map((href) =>
    decodeURIComponent(href.replace(/^\/tasks\//, '').split('?')[0]!),
  );

  // Compare is offered once all three are done, and opens them side by side.
  const compare = batch.getByRole('link', { name: 'Compare' });
  await expect(compare).toBeVisible({ timeout: 120_000 });
  await expect(batch.getByText('3 of 3 done')).toBeVisible();

  // The server bills each task as the preview estimated.
  for (const [i, id] of ids.entries()) {
    const res = await request.get(`/v1/tasks/${encodeURIComponent(id)}`, { headers: auth });
    const usage = ((await res.json()) as { usage?: { total_tokens?: number } }).usage;
    expect(usage?.total_tokens).toBe(each[i]);
  }

  await compare.click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${ids.join(',')}`);
  await expect(page.getByRole('region', { name: 'Compared results' }).locator('video')).toHaveCount(3);
});

// Issue 43 §4: a model sweep over a reference prepared for one model used to create variant 1, get
// a 400 asset_model_mismatch for variant 2, and leave a half-made, billed batch. Every variant is
// now checked before any is sent: all of them or none.
test('a model sweep with a reference prepared for one model is refused before any task is sent', async ({
  page,
  request,
}) => {
  const made = await request.post('/v1/assets/uploads', {
    headers: auth,
    data: {
      url: `${fixtureOrigin()}/pack-1.png`,
      type: 'image',
      name: 'Sweep hero',
      model: 'video-2.0-cl',
      mode: 'asset',
    },
  });
  expect(made.ok()).toBe(true);
  const { id } = (await made.json()) as { id: string };
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/videos') sent.push(r.url());
  });

  await page.goto('/composer');
  await page.getByRole('combobox', { name: 'Prompt' }).fill('The hero walks through a market');
  await page.getByRole('radio', { name: '720p' }).check();
  await page.getByRole('button', { name: 'Add first frame' }).click();
  await page.getByLabel('Media of reference 1').fill(`Asset://${id}`);
  // Looked up as if picked: the record says which model it was prepared for.
  await expect(page.getByText('Sweep hero')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Create variations' }).click();
  await page.getByLabel('Vary').selectOption('model');
  await expect(page.getByLabel('Model of variant 2')).toHaveValue('video-2.0-cl-fast');
  await page.getByRole('button', { name: 'Create 2 tasks' }).click();
  await expect(
    page
      .getByTestId('variant-issues')
      .getByText(
        'This asset is prepared for video-2.0-cl, not video-2.0-cl-fast: prepare it for video-2.0-cl-fast from the library.',
      ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/composer$/);
  expect(sent).toEqual([]);
});
