import path from 'node:path';
import { useOwnServer } from './support/own-server';
import { expect, RUNTIME, test } from './support/test';

// Two real servers: an upstream in local mode with its own key, and a proxy pointing at it. The
// dashboard is driven on the proxy only; the upstream key never reaches the page (decision 070).
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const UPSTREAM_KEY = 'sk-e2e-upstream-secret';
const BROWSER_KEY = 'sk-e2e-browser';

const upstream = useOwnServer({ API_KEYS: UPSTREAM_KEY });
// Started after the upstream (hooks run in order), so its URL is known.
const proxy = useOwnServer(() => ({
  API_KEYS: BROWSER_KEY,
  UPSTREAM_BASE_URL: upstream.url,
  UPSTREAM_API_KEY: UPSTREAM_KEY,
}));

test(
  'through the proxy: the header names the upstream, an upload becomes ready and is listed',
  { tag: RUNTIME },
  async ({ page }) => {
    const seen: string[] = [];
    page.on('response', async (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (/json|text|javascript/.test(type))
        seen.push(`${JSON.stringify(res.headers())}${await res.text().catch(() => '')}`);
    });
    await page.goto(`${proxy.url}/assets`);
    const prompt = page.getByRole('form', { name: 'An API key is needed' });
    await prompt.getByLabel('API key').fill(BROWSER_KEY);
    await prompt.getByRole('button', { name: 'Connect' }).click();

    const upstreamHost = new URL(upstream.url).host;
    const badge = page.getByRole('banner').getByRole('link', { name: new RegExp(`Proxy → ${upstreamHost}`) });
    await expect(badge).toBeVisible();

    await page.getByLabel('Files to upload').setInputFiles([path.join(FIXTURES, 'sample.png')]);
    const library = page.getByRole('list', { name: 'Assets' });
    await expect(library.getByRole('button', { name: 'Open details of sample.png' })).toBeVisible();
    await expect(library.getByRole('button', { name: 'Readiness: Ready' })).toHaveCount(1, {
      timeout: 30_000,
    });

    // The asset lives on the upstream, under the upstream's key.
    const listed = await fetch(`${upstream.url}/v1/assets`, {
      headers: { authorization: `Bearer ${UPSTREAM_KEY}` },
    });
    const names = ((await listed.json()) as { data: Array<{ name: string }> }).data.map((a) => a.name);
    expect(names).toContain('sample.png');

    // Still named on another page, after a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(badge).toBeVisible();
    await page.reload();
    await expect(library.or(page.getByRole('heading', { level: 1, name: 'Tasks' }))).toBeVisible();
    await expect(badge).toBeVisible();
    expect(seen.length).toBeGreaterThan(3);
    for (const answer of seen) expect(answer).not.toContain(UPSTREAM_KEY);
  },
);
