import { chromium } from '@playwright/test';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { DOUBLE_KEY, startSpecDeployment } from '../e2e/support/spec-deployment';

const fx = new Hono();
fx.use('*', serveStatic({ root: '/work/wt/spec29/e2e/fixtures' }));
const fxServer = serve({ fetch: fx.fetch, port: 9321, hostname: '127.0.0.1' });
const double = await startSpecDeployment({ fixtureOrigin: 'http://127.0.0.1:9321', staticDir: '/tmp/spec29-dist', seed: 2 });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const [w, h, tag] of [[1440, 900, 'desktop'], [390, 844, 'phone']] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme, locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto(`${double.dashboardOrigin}/settings`);
    const prompt = page.getByRole('form', { name: 'An API key is needed' });
    if (await prompt.isVisible().catch(() => false)) await prompt.getByLabel('API key').fill(DOUBLE_KEY);
    await page.getByLabel('Base URL').fill(double.url);
    await page.getByLabel('API key', { exact: true }).fill(DOUBLE_KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.goto(`${double.dashboardOrigin}/composer`);
    await page.getByRole('button', { name: 'Add first frame' }).click();
    await page.getByRole('button', { name: 'Pick reference 1 from the asset library' }).click();
    const picker = page.getByRole('dialog', { name: 'First frame from the library' });
    await picker.getByRole('listitem', { name: 'Seed image 1', exact: true }).waitFor();
    await page.screenshot({ path: `/tmp/spec29-shots/picker-${tag}-${scheme}.png` });
    await picker.getByRole('button', { name: 'Use Seed image 1', exact: true }).click();
    await page.getByRole('combobox', { name: 'Prompt' }).fill('A calm sea');
    await page.route('**/v1/videos', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { message: 'asset asset_seed000 is not ready for video-2.0-cl', type: 'invalid_request_error' } }) }),
    );
    await page.getByRole('button', { name: 'Create video task' }).click();
    const prep = page.getByRole('button', { name: /Prepare for/ });
    await prep.waitFor({ timeout: 15000 });
    await prep.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/spec29-shots/refused-${tag}-${scheme}.png` });
    await page.unroute('**/v1/videos');
    await prep.click();
    await page.getByText(/Seed image 1 \(video-2.0-cl\)/).first().waitFor({ timeout: 15000 });
    await page.getByText('video-2.0-cl (this browser)').first().waitFor({ timeout: 15000 });
    await page.screenshot({ path: `/tmp/spec29-shots/prepared-${tag}-${scheme}.png` });
    console.log(tag, scheme, 'prepare visible after refusal of prepared copy?', await page.getByRole('button', { name: /Prepare for/ }).count());
    await ctx.close();
  }
}
await browser.close();
await double.close();
fxServer.close();
process.exit(0);
