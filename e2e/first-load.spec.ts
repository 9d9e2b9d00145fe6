import { kb, measureFirstOpen, PHONE_VIEWPORT } from './support/slow-link';
import { expect, test } from './support/test';

/**
 * The 150 KB budget applies to the shell (index.html and what it loads before any page: see
 * server-contract.spec.ts). This is the whole first open of `/` as a person meets it, in a fresh
 * browser until the asset library has rendered and the network is idle: every HTML, JS and CSS
 * response as transferred (compressed), the shell plus the asset page's lazy chunks, up to the first paint.
 * It was 193 KB when this ceiling was set at 200 KB (decision 006). The
 * virtualised window scroller, upload tray and connection health of the library (issue 11) brought
 * it to 198-207 KB, so the ceiling is now 215 KB; it catches regressions, lower it when the figure
 * drops. Brotli, the first route preloaded and fewer files (issue 19, decision 140) brought it to
 * 180 KB: the ceiling is now 190 KB. The task watcher and the new pages' links took it to 194 KB.
 * Counted up to the first paint since decision 141 (the toaster and react-dropzone come after it):
 * 180.5 KB, so the ceiling was 186 KB. Decision 200 (Radix Dialog and the form kit out of the first
 * route, the strings preloaded in one language): 171.9 KB, so the ceiling is 176 KB.
 */
const CEILING_BYTES = 176 * 1024;

test('a first open of the dashboard stays under its transfer ceiling', async ({ page }) => {
  const sizes = new Map<string, { bytes: number; startedAt: number }>();
  const startedAt = new Map<object, number>();
  page.on('request', (request) => startedAt.set(request, Date.now()));
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'document' && type !== 'script' && type !== 'stylesheet') return;
    // Idle prefetches may still finish while the test closes the page; they are not counted anyway.
    const measured = await request.sizes().catch(() => undefined);
    if (!measured) return;
    const { responseBodySize } = measured;
    sizes.set(new URL(request.url()).pathname, {
      bytes: responseBodySize,
      startedAt: startedAt.get(request) ?? Date.now(),
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // What the dashboard defers until after the first paint (the toaster, the drop handling, then
  // the other pages fetched ahead: src/lib/first-paint.ts marks the moment) is not part of the first
  // open. Counting up to the prefetch mark instead made the figure depend on whether the deferred
  // chunks started before it (180.5 or 194.1 KB on one build, decision 141).
  const paintedAt = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.timeOrigin + entry.startTime : Number.POSITIVE_INFINITY;
  }, 'media-studio:first-paint');
  for (const [p, { startedAt: t }] of sizes) if (t >= paintedAt) sizes.delete(p);

  const total = [...sizes.values()].reduce((a, b) => a + b.bytes, 0);
  const report = [...sizes]
    .map(([p, { bytes }]) => `${(bytes / 1024).toFixed(1).padStart(6)} KB  ${p}`)
    .join('\n');
  test
    .info()
    .annotations.push({ type: 'first-load', description: `${(total / 1024).toFixed(1)} KB\n${report}` });
  console.log(`first load: ${(total / 1024).toFixed(1)} KB over ${sizes.size} files\n${report}`);
  expect(sizes.size).toBeGreaterThan(2);
  expect([...sizes.keys()].some((p) => /\/assets-page-[^/]+\.js$/.test(p))).toBe(true);
  expect(total).toBeLessThan(CEILING_BYTES);
});

/**
 * Issue 19: the library opened cold on Lighthouse's "Slow 4G" (e2e/support/slow-link.ts). What is
 * held is what the CPU does not move: the HTML, script and style files the first paint waits for,
 * every such request's bytes on the wire (headers included), and that nothing but the library's
 * own data is requested before it, each with a small margin over the figure measured
 * when it was set (decision 140, bench/RESULTS.md), so that one more file, a few KB more or another request
 * before the first paint (a poller in the shell, a library joining the entry) fails here. The LCP itself
 * is checked against a loose ceiling only (1.8-2.2 s at load 20 on the shared 2-core machine, 2.5 s
 * before issue 19 at low load): it moves with the load.
 */
// Decision 141 (build files without document headers, react-dropzone after the paint): 21 files,
// 190.3-192.1 KB (the list's size varies with what earlier tests stored), where decision 140 had
// left 24 and 194-198 KB. Decision 200 (a lighter ui chunk; /bootstrap and the strings preloaded):
// 21 files, 182.1 KB.
const SLOW_LINK_MAX_CODE_FILES = 21;
const SLOW_LINK_MAX_BYTES = 186 * 1024;
/** The only other requests the first paint may wait for: the library's own data. */
const FIRST_PAINT_DATA = ['/bootstrap', '/v1/assets', '/v1/asset-groups', '/favicon.svg'];
const SLOW_LINK_MAX_LCP_MS = 4_000;

test('the library paints on a slow link after few requests and few bytes', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'en-US' });
  try {
    const { page, result } = await measureFirstOpen(context, `${baseURL}/`, async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible({
        timeout: 30_000,
      });
      await page.waitForLoadState('networkidle');
    });
    const { lcp, lcpElement, all } = await result();
    // What the first paint waits for, by construction: everything started before the library's
    // list arrived (the paint follows it by one render), but not what the dashboard itself defers
    // until after the paint (the toaster, the drop handling: src/lib/first-paint.ts marks it).
    // Unlike "started before the LCP", which grows with the machine's load, this set depends on
    // the code alone.
    const list = all.find((r) => new URL(r.url).pathname === '/v1/assets');
    if (!list) throw new Error('the library never asked for its assets');
    const painted = await page.evaluate(
      (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY,
      'media-studio:first-paint',
    );
    const beforeLcp = all.filter((r) => r.start < Math.min(list.end, painted));
    const bytes = beforeLcp.reduce((a, r) => a + r.bytes, 0);
    const report = `LCP ${lcp.toFixed(0)} ms (${lcpElement}); before it ${beforeLcp.length} requests, ${kb(bytes)}\n${beforeLcp
      .map((r) => `${kb(r.bytes).padStart(9)} ${r.encoding.padEnd(4)} ${new URL(r.url).pathname}`)
      .join('\n')}`;
    test.info().annotations.push({ type: 'slow-link', description: report });
    console.log(report);
    const paths = beforeLcp.map((r) => new URL(r.url).pathname);
    // Scripts and styles arrive compressed with brotli (precompressed by the build).
    for (const r of beforeLcp.filter((x) => /\.(js|css)$/.test(x.url))) expect(r.encoding, r.url).toBe('br');
    // Other pages are fetched ahead only after the first paint.
    expect(paths.filter((p) => /-page-[^/]+\.js$/.test(p) && !/\/assets-page-/.test(p))).toEqual([]);
    expect(paths.some((p) => /\/assets-page-[^/]+\.js$/.test(p))).toBe(true);
    const code = beforeLcp.filter((r) => ['Document', 'Script', 'Stylesheet'].includes(r.type));
    expect(code.length).toBeLessThanOrEqual(SLOW_LINK_MAX_CODE_FILES);
    const others = beforeLcp.filter((r) => !code.includes(r)).map((r) => new URL(r.url).pathname);
    expect(others.filter((p) => !FIRST_PAINT_DATA.includes(p))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(SLOW_LINK_MAX_BYTES);
    // No round trip after the shell for the key or the strings: index.html asks for both, so they
    // are on the wire before the first script has even arrived (decision 200). The server keeps the
    // strings of the browser's language (en-US here): the shell's and the library's namespaces.
    const strings = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-lang]')].map((l) => ({
        lang: l.dataset.lang,
        path: new URL(l.href).pathname,
      })),
    );
    expect(strings.map((s) => s.lang)).toEqual(['en', 'en', 'en']);
    const firstScriptEnd = Math.min(...beforeLcp.filter((r) => r.type === 'Script').map((r) => r.end));
    for (const path of ['/bootstrap', ...strings.map((s) => s.path)]) {
      const request = beforeLcp.find((r) => new URL(r.url).pathname === path);
      expect(request, path).toBeDefined();
      expect(request!.start, path).toBeLessThan(firstScriptEnd);
    }
    expect(lcp).toBeLessThan(SLOW_LINK_MAX_LCP_MS);
  } finally {
    await context.close();
  }
});

test('a Chinese browser is sent the Chinese strings and their English fallback with the shell, each once', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: '素材库' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-lang]')].map((l) => ({
        lang: l.dataset.lang,
        path: new URL(l.href).pathname,
      })),
    );
    // The dashboard loads the fallback language's strings beside the chosen ones (decisions 200, 230).
    expect(preloaded.map((p) => p.lang).sort()).toEqual(['en', 'en', 'en', 'zh-CN', 'zh-CN', 'zh-CN']);
    // Each was fetched once: the page's own request for its strings reused the preload.
    for (const { path } of preloaded)
      expect(
        scripts.filter((s) => s === path),
        path,
      ).toHaveLength(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  } finally {
    await context.close();
  }
});
