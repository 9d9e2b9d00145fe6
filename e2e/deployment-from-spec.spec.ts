import path from 'node:path';
import type { Page } from '@playwright/test';
import { startLocalServer, type LocalServer } from './support/local-server';
import {
  DOUBLE_KEY,
  DOUBLE_PAGE_CAP,
  startSpecDeployment,
  type SpecDeployment,
} from './support/spec-deployment';
import { DH_ASSETS, SEEDED_ASSETS } from './support/spec-deployment-data';
import { specSeeds } from './support/spec-deployment-shapes';
import { expect, fixtureOrigin, test } from './support/test';

// The dashboard against a deployment double whose every answer is drawn, by a seeded generator,
// from what the specification allows (e2e/support/spec-deployment.ts and -shapes.ts). Proxy mode
// (the local server forwarding to it) and direct mode (the page talking to it with CORS). Several
// seeds per run, rotating; each test's title names its seed and its journey.
//
// Replay one journey of one seed alone (each journey sets up what it needs: it builds on no other):
//   npx vite build --outDir /tmp/dist && E2E_STATIC_DIR=/tmp/dist SPEC_SEED=<n> \
//     npm run test:e2e -- e2e/deployment-from-spec.spec.ts --workers=1 -g "<journey>:"
// where <journey> is one of: composer, library, tasks, image, direct, paging.
//
// Each seed's journeys run in order in one worker, against that seed's double and proxy, but the
// seeds run side by side: a seed's journeys mostly wait on its double's clock, and one file of all
// seeds in a row was the longest run of any worker, the suite's tail (decision 341). The file's
// name sorts it among the first to start, for the same reason.
test.describe.configure({ mode: 'parallel' });

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const BROWSER_KEY = 'sk-e2e-spec-browser';
/** A task's page, whatever form its id has (the specification gives none). */
const TASK_URL = /\/tasks\/[^/?#]+$/;

for (const seed of specSeeds()) {
  test.describe(`seed ${seed} (replay: SPEC_SEED=${seed})`, () => {
    test.describe.configure({ mode: 'default' });
    let double: SpecDeployment;
    let proxy: LocalServer;
    test.beforeAll(async () => {
      const staticDir = process.env.E2E_STATIC_DIR!;
      double = await startSpecDeployment({ fixtureOrigin: fixtureOrigin(), staticDir, seed });
      proxy = await startLocalServer({
        staticDir,
        env: {
          API_KEYS: BROWSER_KEY,
          UPSTREAM_BASE_URL: double.url,
          UPSTREAM_API_KEY: DOUBLE_KEY,
          // The image service's prefix is the deployment's (drawn): the proxy forwards that one.
          UPSTREAM_IMAGE_PREFIX: double.style.imagePrefix,
        },
      });
    });
    test.afterAll(async () => {
      await proxy?.stop();
      await double?.close();
    });
    test.afterEach(async () => {
      // A journey that lowered the page cap leaves the next one the deployment it found.
      double.capPages(DOUBLE_PAGE_CAP);
      const testInfo = test.info();
      // The seed and the shapes drawn from it, beside any failure.
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('deployment style', {
          body: JSON.stringify({ seed, style: double.style }, null, 2),
          contentType: 'application/json',
        });
    });

    async function connectThroughProxy(page: Page, pathname: string) {
      await page.goto(`${proxy.url}${pathname}`);
      const prompt = page.getByRole('form', { name: 'An API key is needed' });
      await prompt.getByLabel('API key').fill(BROWSER_KEY);
      await prompt.getByRole('button', { name: 'Connect' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: /Connected|Proxy/ })).toBeVisible();
    }

    test('composer: proxy mode, compose from a library image as first frame and a referenced video with an alias, to success', async ({
      page,
    }) => {
      test.slow();
      await connectThroughProxy(page, '/composer');
      await page.getByRole('combobox', { name: 'Prompt' }).fill('The boat from @clip drifts into the frame');
      // First frame: a ready library image whose record says no model (the specification shows none).
      await page.getByRole('button', { name: 'Add first frame' }).click();
      await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
      const picker = page.getByRole('dialog', { name: 'First frame from the library' });
      const image = picker.getByRole('listitem', { name: 'Seed image 1', exact: true });
      await expect(image).toContainText('does not say which model');
      await image.getByRole('button', { name: 'Use Seed image 1', exact: true }).click();
      await expect(picker).toBeHidden();
      // A referenced video with an alias the prompt uses.
      await page.getByRole('button', { name: 'Add reference video' }).click();
      await page.getByRole('button', { name: 'Pick reference 2 from the asset library' }).click();
      const videos = page.getByRole('dialog', { name: /from the library/ });
      await videos
        .getByRole('listitem', { name: 'Seed clip' })
        .getByRole('button', { name: 'Use Seed clip', exact: true })
        .click();
      await page.getByRole('textbox', { name: 'Alias of reference 2' }).fill('clip');
      await page.getByRole('button', { name: 'Create video task' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
      const id = page.url().split('/').pop()!;
      const video = page.getByLabel(`Result video of ${id}`);
      await expect(video).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // The deployment received the assets as Asset:// references, the alias with the video.
      const sent = double.created.at(-1)!;
      expect(sent.path).toBe('/v1/videos');
      expect(sent.body.references).toEqual([
        expect.objectContaining({ role: 'first_frame', url: 'Asset://asset_seed000' }),
        expect.objectContaining({ role: 'reference_video', url: 'Asset://asset_seed001', alias: 'clip' }),
      ]);

      // An asset the deployment refuses for this model (a 400 with no param): its message shows on
      // the reference, with the offer to prepare it for this model; the copy is remembered as
      // prepared for it, so it is never offered again, and the task is created from it.
      await page.goto(`${proxy.url}/composer`);
      await page.getByRole('button', { name: 'Clear draft' }).click();
      await page.getByRole('combobox', { name: 'Prompt' }).fill('A lighthouse at dusk');
      await page.getByRole('button', { name: 'Add first frame' }).click();
      await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
      const posters = page.getByRole('dialog', { name: 'First frame from the library' });
      await posters.getByLabel('Group').selectOption('grp_campaign');
      await posters.getByRole('button', { name: 'Use Campaign poster', exact: true }).click();
      await page.getByRole('button', { name: 'Create video task' }).click();
      const references = page.getByRole('list', { name: 'References' });
      await expect(references).toContainText('asset asset_campaign1 is not prepared for video-2.0-cl');
      await references.getByRole('button', { name: 'Prepare for video-2.0-cl' }).click();
      await expect(references).toContainText('video-2.0-cl (this browser)');
      expect(double.registeredFor.at(-1)).toEqual({
        url: `${fixtureOrigin()}/sample.png`,
        model: 'video-2.0-cl',
      });
      await expect(references.getByRole('button', { name: /Prepare for/ })).toHaveCount(0);
      // The copy is sent once the deployment says it is ready (rule 3: the same id is re-queried).
      await expect(references).not.toContainText('still being prepared', { timeout: 20_000 });
      await page.getByRole('button', { name: 'Create video task' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 20_000 });
      expect(String((double.created.at(-1)!.body.references as Array<{ url: string }>)[0]!.url)).toMatch(
        /^Asset:\/\/asset_d/,
      );

      // Assets that cannot be used say why: rule 2 (review passed, preparation failed), disabled,
      // review failed; the ready one of the same group can.
      await page.goto(`${proxy.url}/composer`);
      await page.getByRole('button', { name: 'Clear draft' }).click();
      await page.getByRole('button', { name: 'Add first frame' }).click();
      await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
      const campaign = page.getByRole('dialog', { name: 'First frame from the library' });
      await campaign.getByLabel('Group').selectOption('grp_campaign');
      await expect(campaign.getByRole('listitem', { name: 'Rejected poster' })).toContainText(
        'input image rejected by a copyright policy',
      );
      for (const name of ['Rejected poster', 'Disabled poster', 'Review failed poster'])
        await expect(
          campaign.getByRole('listitem', { name }).getByRole('button', { name: `Use ${name}` }),
        ).toBeDisabled();
      await expect(
        campaign
          .getByRole('listitem', { name: 'Campaign poster', exact: true })
          .getByRole('button', { name: 'Use Campaign poster', exact: true }),
      ).toBeEnabled();
    });

    test('library: proxy mode, browse, filter and page the library, groups, register by URL and upload', async ({
      page,
    }) => {
      test.slow();
      // A deployment that caps pages silently (no total, no page_size: drawn) cannot be told from
      // one whose list ends there: the journey asks at its cap then.
      const askSize = double.style.assetList === 'neither' ? DOUBLE_PAGE_CAP : 100;
      await connectThroughProxy(page, `/assets?page_size=${askSize}`);
      const library = page.getByRole('list', { name: 'Assets' });
      // Page 1 of a deployment capped at 50: its 50 items, and paging by what came back. With a
      // total the count and the pages are known; without one (drawn), they are counted as they come.
      await expect(
        library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }),
      ).toBeVisible();
      const pages = page.getByRole('navigation', { name: 'Pages' });
      const inDefault = double.assetsIn();
      const withTotal = double.style.assetList === 'full' || double.style.assetList === 'no-page-size';
      if (withTotal) {
        await expect(pages).toContainText(`1–50 of ${inDefault}`);
        await expect(pages).toContainText(`Page 1 of ${Math.ceil(inDefault / 50)}`);
      }
      // The one item of an unexpected shape is marked, with its raw JSON; the others are read.
      const odd = library.getByRole('listitem').filter({ hasText: 'This item could not be read' });
      await expect(odd).toHaveCount(1);
      await odd.getByText('Show its raw JSON').click();
      await expect(odd).toContainText('"name": "No identifier"');
      // Whatever names the record used (id or asset_id, reference, asset_ref or none), the reference is read.
      await library.getByRole('button', { name: 'Open details of Seed image 1', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Seed image 1' })).toContainText('Asset://asset_seed000');
      await page.keyboard.press('Escape');

      // Page 2 holds the spare assets, drawn without name, url, group or date, without readiness,
      // of an unknown type or status, or ready with review unknown: each is listed all the same.
      await pages.getByRole('button', { name: 'Next' }).click();
      if (withTotal) await expect(pages).toContainText(`51–100 of ${inDefault}`);
      await expect(
        library.getByRole('button', { name: 'Open details of Seed image 51', exact: true }),
      ).toBeVisible();
      await expect(library.getByRole('listitem')).toHaveCount(50);
      await expect(odd).toHaveCount(0);
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(
        library.getByRole('button', { name: 'Open details of Seed image 101', exact: true }),
      ).toBeVisible();
      if (withTotal) {
        await expect(pages).toContainText(`101–${inDefault} of ${inDefault}`);
        await expect(pages).toContainText(`Page 3 of 3`);
      }
      await expect(
        library.getByRole('button', { name: `Open details of Seed image ${SEEDED_ASSETS}`, exact: true }),
      ).toBeVisible();

      await page.getByLabel('Type').selectOption('video');
      await expect(library.getByRole('button', { name: 'Open details of Seed clip' })).toBeVisible();

      // The default group is one entry whatever id the deployment gives it (drawn: grp_default,
      // grp_main, default), though GET /v1/asset-groups lists it beside the dashboard's own.
      const groupSelect = page.getByRole('search', { name: 'Filter assets' }).getByLabel('Group');
      await expect(groupSelect.getByRole('option', { name: 'Campaign' })).toBeAttached();
      await expect(groupSelect.getByRole('option', { name: /^Default/ })).toHaveCount(1);

      // Groups, in whatever list shape the style drew; a new one, answered in the style's shape.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
      await expect(page.getByRole('row', { name: /Campaign/ })).toContainText('Spring launch');
      await page.getByRole('button', { name: 'New group' }).first().click();
      const create = page.getByRole('dialog', { name: 'Create a group' });
      await create.getByLabel('Name').fill('Double group');
      await create.getByRole('button', { name: 'Create group' }).click();
      await expect(create).toBeHidden();
      const created = page.getByRole('row', { name: /Double group/ });
      await expect(created).toBeVisible();
      await created.getByRole('link', { name: 'Open in library: Double group' }).click();
      await expect(page.getByRole('search', { name: 'Filter assets' }).getByLabel('Group')).toHaveValue(
        /grp_d/,
      );

      // Register by URL into the new group; it becomes Ready.
      await page.getByRole('button', { name: 'Register by URL' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Register an asset by URL' });
      await dialog.getByLabel('Public URL').fill(`${fixtureOrigin()}/sample.png`);
      await dialog.getByLabel('Name').fill('Poster by URL');
      await dialog.getByRole('button', { name: 'Register', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Poster by URL' });
      await expect(sheet.getByRole('button', { name: 'Readiness: Ready' })).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press('Escape');

      // Upload: media served by the double from another origin. A deployment that ignores the
      // group asked for (drawn) puts it in its default group, and the tray says so.
      await page.getByLabel('Files to upload').setInputFiles(path.join(FIXTURES, 'sample.png'));
      if (double.style.uploadIgnoresGroup) {
        await expect(page.getByText(/The deployment put this file in group .+, not grp_d/)).toBeVisible({
          timeout: 20_000,
        });
      } else {
        await expect(library.getByRole('button', { name: 'Open details of sample.png' })).toBeVisible();
        await expect(library.getByRole('button', { name: 'Readiness: Ready' })).toHaveCount(2, {
          timeout: 20_000,
        });
      }
    });

    test('tasks: proxy mode, a video, a digital-human video from library and uploaded assets and a music task followed to playback; chat streams', async ({
      page,
    }) => {
      test.slow();
      await connectThroughProxy(page, '/composer');
      await page.getByRole('combobox', { name: 'Prompt' }).fill('A paper boat drifts down a rainy street');
      await page.getByRole('button', { name: 'Create video task' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
      const videoTask = page.url().split('/').pop()!;
      // Polled through the style's two faults to success; the result from the first present place.
      const video = page.getByLabel(`Result video of ${videoTask}`);
      await expect(video).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
        .toBeGreaterThan(0);
      const succeeded = page.locator('[data-status="succeeded"]').first();
      await expect(succeeded).toContainText('Succeeded');
      // The server's own spelling is in the tooltip when it is not the word shown.
      expect([null, 'The server says: SUCCESS']).toContain(await succeeded.getAttribute('title'));
      await expect(
        page.getByRole('article').getByText('Video · video-2.0-cl', { exact: true }),
      ).toBeVisible();

      // Digital-human video: the avatar uploaded through the form (whatever the upload answer's
      // shape), the voice and the consent picked from the library, whose records may or may not
      // say their purpose (the specification's Asset has no such field).
      await page.goto(`${proxy.url}/create/digital-human`);
      await page
        .getByLabel('Upload avatar image', { exact: true })
        .setInputFiles(path.join(FIXTURES, 'sample.png'));
      await expect(page.getByLabel('Avatar', { exact: true })).toHaveValue(/^asset_/, { timeout: 20_000 });
      for (const [slot, asset] of [
        ['Speech audio', DH_ASSETS[1]],
        ['Authorization (required)', DH_ASSETS[2]],
      ] as const) {
        const select = page.getByLabel(slot, { exact: true });
        await expect(select.locator('option', { hasText: asset.name })).toHaveCount(1, { timeout: 20_000 });
        await select.selectOption(asset.id);
      }
      await expect(page.locator('[data-readiness="ready"]')).toHaveCount(3, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Create digital-human video' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
      const humanTask = page.url().split('/').pop()!;
      await expect(page.getByLabel(`Result video of ${humanTask}`)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('article').getByText(/^Digital-human video · /)).toBeVisible();

      // Music: the first attempt is refused (quota or unavailable, JSON or not) and said so; the
      // second is created and followed to its audio.
      await page.goto(`${proxy.url}/create/music`);
      await page.getByLabel('Description').fill('A calm piano piece');
      await page.getByRole('button', { name: 'Create music track' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: /refused|quota|unavailable|Too many/i })
          .first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/create\/music/);
      await page.getByRole('button', { name: 'Create music track' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
      const musicTask = page.url().split('/').pop()!;
      await expect(page.getByLabel(`Result audio of ${musicTask}`)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('article').getByText(/^Music · /)).toBeVisible();
      // Two polls in a row were refused, from a drawn one on (not only the first two).
      await expect
        .poll(() => double.faults.filter((f) => f.where === 'poll').map((f) => f.status))
        .toEqual(double.style.pollFaults.map((f) => f.status));

      // Chat with streaming.
      await page.goto(`${proxy.url}/playground`);
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('listitem', { name: 'Assistant' }).last()).toContainText(
        'Hello from a deployment double.',
      );
    });

    test("image: proxy mode, an image task opened by its id is followed at the deployment's image prefix, set in Settings, to its picture", async ({
      page,
    }) => {
      // Made as by another client: the creation endpoint of image tasks is not shown.
      const id = double.addImageTask();
      const prefix = double.style.imagePrefix;
      await connectThroughProxy(page, '/assets');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      // The double serves the image service at its drawn prefix only: a client that polls /mj
      // whatever the setting never sees the task end there.
      if (prefix !== '/mj') {
        await page.getByLabel('Image service prefix').fill(prefix);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(page.getByText(`Image tasks are followed at ${prefix}/task/{id}/fetch`)).toBeVisible();
      }
      await page.goto(`${proxy.url}/tasks/${encodeURIComponent(id)}`);
      await expect(page.getByRole('img', { name: `Result image of task ${id}` })).toBeVisible({
        timeout: 30_000,
      });
      expect(double.imageFetches.length).toBeGreaterThan(0);
      expect(double.imageFetches.every((p) => p === `${prefix}/task/${encodeURIComponent(id)}/fetch`)).toBe(
        true,
      );
    });

    test('direct: direct mode (CORS), connected, the library loads, a composed task from the library succeeds, a failed and a cancelled task end', async ({
      page,
    }) => {
      test.slow();
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

      // Composing from the library, straight to the deployment.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Composer' }).click();
      await page.getByRole('combobox', { name: 'Prompt' }).fill('The boat from @clip turns');
      await page.getByRole('button', { name: 'Add first frame' }).click();
      await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
      await page
        .getByRole('dialog', { name: 'First frame from the library' })
        .getByRole('button', { name: 'Use Seed image 3', exact: true })
        .click();
      await page.getByRole('button', { name: 'Add reference video' }).click();
      await page.getByRole('button', { name: 'Pick reference 2 from the asset library' }).click();
      await page
        .getByRole('dialog', { name: /from the library/ })
        .getByRole('button', { name: 'Use Seed clip', exact: true })
        .click();
      await page.getByRole('textbox', { name: 'Alias of reference 2' }).fill('clip');
      await page.getByRole('button', { name: 'Create video task' }).click();
      await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
      const composed = page.url().split('/').pop()!;
      await expect(page.getByLabel(`Result video of ${composed}`)).toBeVisible({ timeout: 30_000 });
      expect(double.created.at(-1)!.body.references).toEqual([
        expect.objectContaining({ url: 'Asset://asset_seed002' }),
        expect.objectContaining({ url: 'Asset://asset_seed001', alias: 'clip' }),
      ]);

      for (const [words, status, label] of [
        ['Please fail this one', 'failed', 'Failed'],
        ['Please cancel this one', 'cancelled', 'Cancelled'],
        ['This one gets stuck', 'unknown', 'Unknown state'],
        ['Succeed with no result', 'succeeded', 'Succeeded'],
      ] as const) {
        await page.goto(`${double.dashboardOrigin}/composer`);
        await page.getByRole('button', { name: 'Clear draft' }).click();
        await page.getByRole('combobox', { name: 'Prompt' }).fill(words);
        await page.getByRole('button', { name: 'Create video task' }).click();
        await expect(page).toHaveURL(TASK_URL, { timeout: 15_000 });
        const id = decodeURIComponent(page.url().split('/').pop()!);
        const shape = double.taskShapeOf(id);
        const badge = page.locator(`[data-status="${status}"]`).first();
        await expect(badge).toContainText(label, { timeout: 20_000 });
        // A failure's message is shown when the deployment sent one (error.message may be missing).
        if (status === 'failed' && shape.failureFields.errorMessage === 'present')
          await expect(page.getByRole('article')).toContainText('rejected by a content policy');
        // A state the specification does not list, for good: shown as the server says it, still followed.
        if (status === 'unknown') {
          await expect(badge).toContainText(shape.stuckAs);
          // Followed: the page asks again (about every 2 s while the state is unknown,
          // src/api/task-poll-policy.ts), and once that answer is in and drawn the state is still
          // shown as the server says it.
          const again = await page.waitForResponse(
            (r) =>
              r.request().method() === 'GET' &&
              r.url().startsWith(double.url) &&
              (r.url().includes(id) || r.url().includes(encodeURIComponent(id))),
          );
          await again.finished();
          await page.evaluate(
            () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
          );
          await expect(badge).toContainText(shape.stuckAs);
        }
        if (status === 'succeeded')
          await expect(page.getByRole('article')).toContainText('no result URL was found');
      }
    });

    test('paging: proxy mode, groups and the asset picker page by what a deployment capping below their sizes answered', async ({
      page,
    }) => {
      test.slow();
      // Below both views' page sizes (groups ask 50, the picker 24), so their last pages are short.
      double.capPages(20);
      const headers = { Authorization: `Bearer ${DOUBLE_KEY}`, 'Content-Type': 'application/json' };
      // 45 groups: capped pages of 20, 20 and 5.
      for (let i = 2; i < 45; i += 1) {
        const res = await fetch(`${double.url}/v1/asset-groups`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `Team ${i}` }),
        });
        expect(res.ok).toBe(true);
      }
      await connectThroughProxy(page, '/groups?page=3');
      await expect(page.getByRole('row', { name: /Team 44/ })).toBeVisible();
      const groupPages = page.getByRole('navigation', { name: 'Pages' });
      if (double.style.groupList === 'envelope') {
        // With a total, the pages are known; without one they are counted as they come.
        await expect(groupPages).toContainText('Page 3 of 3');
        await expect(groupPages.getByRole('button', { name: 'Next' })).toBeDisabled();
      }
      await groupPages.getByRole('button', { name: 'Previous' }).click();
      await expect(page.getByRole('row', { name: /Team 30/ })).toBeVisible();

      // The picker: the default group's images (the seeded ones, and what other journeys uploaded)
      // in capped pages of 20, the seeded ones last; paged to the end by what was answered.
      // The picker asks 24: a silent cap (no total, no page_size) below it could not be told from
      // the list's end, so such a deployment caps at 24 here.
      if (double.style.assetList === 'neither') double.capPages(24);
      await page.goto(`${proxy.url}/composer`);
      await page.getByRole('button', { name: 'Add first frame' }).click();
      await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
      const picker = page.getByRole('dialog', { name: 'First frame from the library' });
      const pickerPages = picker.getByRole('navigation', { name: 'Pages' });
      await expect(pickerPages).toContainText('Page 1');
      const next = pickerPages.getByRole('button', { name: 'Next' });
      // Paged to the end by what was answered: with a total the count of pages is known, without
      // one (drawn) it grows as full pages come. At least the 120 seeded images in pages of 20.
      // Next is judged once the page's own answer is in: until then the pager counts the pages of
      // the page before (without a total, one more than it has), so Next may still be disabled.
      const firstRow = picker.getByRole('list', { name: 'Assets' }).getByRole('listitem').first();
      let last = 1;
      while (last < 40 && (await next.isEnabled())) {
        const before = await firstRow.getAttribute('aria-label');
        last += 1;
        await next.click();
        await expect(pickerPages).toContainText(`Page ${last}`);
        // Its rows have come (or, past a last page that was exactly full, none are left).
        await expect
          .poll(
            async () =>
              (await firstRow.count()) === 0 || (await firstRow.getAttribute('aria-label')) !== before,
          )
          .toBe(true);
      }
      expect(last).toBeGreaterThanOrEqual(6);
      const lastSeeded = picker.getByRole('listitem', { name: `Seed image ${SEEDED_ASSETS}` });
      // Without a total, a last page that came back exactly full is followed by an empty one.
      if (!(await lastSeeded.isVisible()))
        await pickerPages.getByRole('button', { name: 'Previous' }).click();
      await expect(lastSeeded).toBeVisible();
    });
  });
}
