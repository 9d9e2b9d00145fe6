import path from 'node:path';
import type { Page } from '@playwright/test';
import { startLocalServer, type LocalServer } from './support/local-server';
import { DOUBLE_KEY, startSpecDeployment, type SpecDeployment } from './support/spec-deployment';
import { SEEDED_ASSETS } from './support/spec-deployment-data';
import { expect, fixtureOrigin, test } from './support/test';

// The dashboard against a deployment double that answers only as the specification documents
// (e2e/support/spec-deployment.ts): no page_size, no kind, no /bootstrap, alternative field names,
// upper-case states, pages capped at 50, one 429 and one 503 along the way. Proxy mode (the local
// server forwarding to it) and direct mode (the page talking to it with CORS).
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const BROWSER_KEY = 'sk-e2e-spec-browser';

let double: SpecDeployment;
let proxy: LocalServer;
test.beforeAll(async () => {
  const staticDir = process.env.E2E_STATIC_DIR!;
  double = await startSpecDeployment({ fixtureOrigin: fixtureOrigin(), staticDir });
  proxy = await startLocalServer({
    staticDir,
    env: { API_KEYS: BROWSER_KEY, UPSTREAM_BASE_URL: double.url, UPSTREAM_API_KEY: DOUBLE_KEY },
  });
});
test.afterAll(async () => {
  await proxy?.stop();
  await double?.close();
});

async function connectThroughProxy(page: Page, pathname: string) {
  await page.goto(`${proxy.url}${pathname}`);
  const prompt = page.getByRole('form', { name: 'An API key is needed' });
  await prompt.getByLabel('API key').fill(BROWSER_KEY);
  await prompt.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /Connected|Proxy/ })).toBeVisible();
}

test('proxy mode: browse, filter and page the library, groups, register by URL and upload', async ({
  page,
}) => {
  // Whole journeys in one test each (one server pair per file): three times the usual time.
  test.slow();
  await connectThroughProxy(page, '/assets?page_size=100');
  const library = page.getByRole('list', { name: 'Assets' });
  // Page 1 of a deployment capped at 50: its 50 items, and paging by what came back.
  await expect(
    library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }),
  ).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText(`1–50 of ${SEEDED_ASSETS}`);
  await expect(pages).toContainText('Page 1 of 3');
  // The one item of an unexpected shape is marked, with its raw JSON; the others are read.
  const odd = library.getByRole('listitem').filter({ hasText: 'This item could not be read' });
  await expect(odd).toHaveCount(1);
  await odd.getByText('Show its raw JSON').click();
  await expect(odd).toContainText('"name": "No identifier"');
  // Alternative names (asset_type, asset_ref only) read as well as the others.
  await library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Seed image 1' })).toContainText('Asset://asset_seed000');
  await page.keyboard.press('Escape');

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('51–100 of 120');
  await expect(
    library.getByRole('button', { name: 'Open details of Seed image 51', exact: true }),
  ).toBeVisible();
  await pages.getByRole('button', { name: 'Next' }).click();
  // Read once page 3 itself has come (not page 2 kept on screen while it loads): its 20 items
  // alone once read as a page size of 20, "41–60 of 120, Page 3 of 6".
  await expect(
    library.getByRole('button', { name: 'Open details of Seed image 101', exact: true }),
  ).toBeVisible();
  await expect(pages).toContainText(`101–${SEEDED_ASSETS} of ${SEEDED_ASSETS}`);
  await expect(pages).toContainText('Page 3 of 3');
  // A new page opens at the top (scroll per history entry); its last item is at the bottom.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(
    library.getByRole('button', { name: `Open details of Seed image ${SEEDED_ASSETS}` }),
  ).toBeVisible();

  // Scroll mode: blocks of what the deployment sent (50), so the middle of the list fills in.
  await page.goto(`${proxy.url}/assets?paging=scroll`);
  await expect(
    library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
  await expect(
    library.getByRole('button', { name: /^Open details of Seed image [6-9]\d$/ }).first(),
  ).toBeVisible();
  await expect(library.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(
    library.getByRole('button', { name: `Open details of Seed image ${SEEDED_ASSETS}`, exact: true }),
  ).toBeVisible();
  await expect(library.locator('[aria-busy="true"]')).toHaveCount(0);

  await page.getByLabel('Type').selectOption('video');
  await expect(library.getByRole('button', { name: 'Open details of Seed clip' })).toBeVisible();

  // Groups: records with group_id only, with and without a description, no counts.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('row', { name: /Campaign/ })).toContainText('Spring launch');
  await page.getByRole('button', { name: 'New group' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create a group' });
  await create.getByLabel('Name').fill('Double group');
  await create.getByRole('button', { name: 'Create group' }).click();
  const created = page.getByRole('row', { name: /Double group/ });
  await expect(created).toBeVisible();
  await created.getByRole('link', { name: 'Open in library: Double group' }).click();
  await expect(page.getByRole('search', { name: 'Filter assets' }).getByLabel('Group')).toHaveValue(/grp_d/);

  // Register by URL into the new group: the answer carries id/type/reference; it becomes Ready.
  await page.getByRole('button', { name: 'Register by URL' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
  await dialog.getByLabel('Public URL').fill(`${fixtureOrigin()}/sample.png`);
  await dialog.getByLabel('Name').fill('Poster by URL');
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Poster by URL' });
  await expect(sheet.getByRole('button', { name: 'Readiness: Ready' })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  // Upload: the answer carries only asset_id/asset_type/asset_ref; media served from another origin.
  await page.getByLabel('Files to upload').setInputFiles(path.join(FIXTURES, 'sample.png'));
  await expect(library.getByRole('button', { name: 'Open details of sample.png' })).toBeVisible();
  await expect(library.getByRole('button', { name: 'Readiness: Ready' })).toHaveCount(2, { timeout: 20_000 });
});

test('proxy mode: a video, a digital-human video and a music task followed to playback; chat streams', async ({
  page,
}) => {
  test.slow();
  await connectThroughProxy(page, '/composer');
  await page.getByRole('combobox', { name: 'Prompt' }).fill('A paper boat drifts down a rainy street');
  await page.getByRole('button', { name: 'Create video task' }).click();
  await expect(page).toHaveURL(/\/tasks\/cgt-[a-z0-9-]+$/, { timeout: 15_000 });
  const videoTask = page.url().split('/').pop()!;
  // Created with only task_id, polled through a 429 (Retry-After) and a 503, to an upper-case SUCCESS.
  const video = page.getByLabel(`Result video of ${videoTask}`);
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // The badge says the state in words; the server's own spelling stays in its tooltip.
  const succeeded = page.locator('[data-status="succeeded"]').first();
  await expect(succeeded).toContainText('Succeeded');
  await expect(succeeded).toHaveAttribute('title', 'The server says: SUCCESS');
  await expect(page.getByRole('article').getByText('Video · video-2.0-cl', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').getByText('Unknown kind')).toHaveCount(0);
  expect(double.faults).toEqual({ tooMany: 1, unavailable: 1 });

  // Digital-human video from assets uploaded through the form.
  await page.goto(`${proxy.url}/create/digital-human`);
  for (const [upload, slot, file] of [
    ['Upload avatar image', 'Avatar', 'sample.png'],
    ['Upload speech audio', 'Speech audio', 'sample.mp3'],
    ['Upload authorization', 'Authorization (required)', 'sample.png'],
  ] as const) {
    await page.getByLabel(upload, { exact: true }).setInputFiles(path.join(FIXTURES, file));
    await expect(page.getByLabel(slot, { exact: true })).toHaveValue(/^asset_/, { timeout: 20_000 });
  }
  await expect(page.locator('[data-readiness="ready"]')).toHaveCount(3, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Create digital-human video' }).click();
  await expect(page).toHaveURL(/\/tasks\/cgt-/, { timeout: 15_000 });
  const humanTask = page.url().split('/').pop()!;
  await expect(page.getByLabel(`Result video of ${humanTask}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article').getByText(/^Digital-human video · /)).toBeVisible();

  // Music: audio result, kind from the model.
  await page.goto(`${proxy.url}/create/music`);
  await page.getByLabel('Description').fill('A calm piano piece');
  await page.getByRole('button', { name: 'Create music track' }).click();
  await expect(page).toHaveURL(/\/tasks\/cgt-/, { timeout: 15_000 });
  const musicTask = page.url().split('/').pop()!;
  await expect(page.getByLabel(`Result audio of ${musicTask}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article').getByText(/^Music · /)).toBeVisible();

  // Chat with streaming.
  await page.goto(`${proxy.url}/playground`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Assistant' }).last()).toContainText(
    'Hello from a deployment double.',
  );
});

test('direct mode (CORS): the connection test says connected, the library loads, a cancelled task ends', async ({
  page,
}) => {
  await page.goto(`${double.dashboardOrigin}/settings`);
  const prompt = page.getByRole('form', { name: 'An API key is needed' });
  if (await prompt.isVisible()) await prompt.getByLabel('API key').fill(DOUBLE_KEY);
  await page.getByLabel('Base URL').fill(double.url);
  await page.getByLabel('API key', { exact: true }).fill(DOUBLE_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    page.getByText('Connected: the server accepted the key and answers like this API.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  const library = page.getByRole('list', { name: 'Assets' });
  await expect(
    library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Not this API')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Composer' }).click();
  await page.getByRole('combobox', { name: 'Prompt' }).fill('Please cancel this one');
  await page.getByRole('button', { name: 'Create video task' }).click();
  await expect(page).toHaveURL(/\/tasks\/cgt-/, { timeout: 15_000 });
  const cancelled = page.locator('[data-status="cancelled"]').first();
  await expect(cancelled).toContainText('Cancelled', { timeout: 20_000 });
  await expect(cancelled).toHaveAttribute('title', 'The server says: canceled');
});

test('proxy mode: groups and the asset picker page by what a deployment capping below their sizes answered', async ({
  page,
}) => {
  test.slow();
  // Below both views' page sizes (groups ask 50, the picker 24), so their last pages are short:
  // on its own a short last page reads as the page size (decision 215).
  double.capPages(20);
  const headers = { Authorization: `Bearer ${DOUBLE_KEY}`, 'Content-Type': 'application/json' };
  const groups = (await (await fetch(`${double.url}/v1/asset-groups`, { headers })).json()) as {
    total: number;
  };
  // 45 groups: capped pages of 20, 20 and 5.
  for (let i = groups.total; i < 45; i += 1) {
    await fetch(`${double.url}/v1/asset-groups`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Team ${i}` }),
    });
  }
  await connectThroughProxy(page, '/groups?page=3');
  await expect(page.getByRole('row', { name: /Team 44/ })).toBeVisible();
  const groupPages = page.getByRole('navigation', { name: 'Pages' });
  await expect(groupPages).toContainText('Page 3 of 3');
  await expect(groupPages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await groupPages.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('row', { name: /Team 39/ })).toBeVisible();
  await expect(groupPages).toContainText('Page 2 of 3');

  // The picker: the default group's 118 images in capped pages of 20, the last one of 18.
  await page.goto(`${proxy.url}/composer`);
  await page.getByRole('button', { name: 'Add first frame' }).click();
  await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
  const picker = page.getByRole('dialog', { name: 'First frame from the library' });
  const pickerPages = picker.getByRole('navigation', { name: 'Pages' });
  await expect(pickerPages).toContainText('Page 1 of 6');
  for (let p = 2; p <= 6; p += 1) {
    await pickerPages.getByRole('button', { name: 'Next' }).click();
    await expect(pickerPages).toContainText(`Page ${p} of`);
  }
  // Read once page 6 itself has come, not page 5 kept on screen while it loads.
  await expect(picker.getByRole('listitem', { name: `Seed image ${SEEDED_ASSETS}` })).toBeVisible();
  await expect(pickerPages).toContainText('Page 6 of 6');
  await expect(pickerPages.getByRole('button', { name: 'Next' })).toBeDisabled();
});
