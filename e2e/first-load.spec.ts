import type { APIRequestContext } from '@playwright/test';
import { kb, measureFirstOpen, PHONE_VIEWPORT, type OpenRequest } from './support/slow-link';
import { useOwnServer } from './support/own-server';
import { expect, test } from './support/test';

/** src/lib/first-paint.ts's mark: what starts after it is what the dashboard deferred on purpose. */
const FIRST_PAINT_MARK = 'media-studio:first-paint';

/**
 * What the first paint waits for, by design: the document and the scripts and styles it references
 * (index.html: the early script, the shell, the first route's chunks and strings). Every code file
 * requested before the paint must be one of them (anything else is a round trip after the shell),
 * so the bytes counted are the build's and the language's alone: which deferred chunk happens to
 * start near the paint, or what earlier tests stored in the library, no longer moves them (the
 * guard flaked at 186.1 KB against 186 with a build 4 KB under it, decision 245).
 */
async function documentReferences(
  request: APIRequestContext,
  url: string,
  locale: string,
): Promise<string[]> {
  const html = await (await request.get(url, { headers: { 'accept-language': locale } })).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}

/**
 * The whole first open of `/` as a person meets it, in a fresh browser: every HTML, JS and CSS body
 * as transferred (compressed) before the first paint, read from the page's own Resource Timing (the
 * same clock as the first-paint mark). History of the figure: 193 KB (decision 006), 198-207 KB
 * (issue 11), 180 KB (brotli and the first route preloaded, decision 140), 180.5 KB (up to the first
 * paint, decision 141), 171.9 KB (decision 200), 174.0 KB with the early script (decision 245), 144.6 KB
 * (i18next, tailwind-merge and the virtualiser out, small files merged: decisions 230, 235, 240, 246),
 * 139.6 KB (the form kit, the upload tray and the parts' strings out: decisions 265, 273), 144.2 KB
 * (the 429 retry in the client, the library's selection, one CSS for the new pages: RESULTS, 2026-11-27),
 * 137.2 KB (the shell, the library and the code they share in one file; the toaster's settings,
 * mutations and three components out: decision 470), 132.9 KB (development leftovers, React Router's
 * framework-only branches, the full error alert and the table view out: decisions 540, 541).
 */
const FIRST_OPEN_MAX_CODE_BYTES = 135 * 1024;

test('a first open of the dashboard stays under its transfer ceiling', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const code = await page.evaluate((mark) => {
    const paintedAt = performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const document = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime < paintedAt && /\.(js|css)$/.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname, bytes: e.encodedBodySize }));
    return [{ path: '/', bytes: document.encodedBodySize }, ...files];
  }, FIRST_PAINT_MARK);
  const references = await documentReferences(page.request, `${baseURL}/`, 'en-US');
  const total = code.reduce((a, b) => a + b.bytes, 0);
  const report = code
    .map(({ path, bytes }) => `${(bytes / 1024).toFixed(1).padStart(6)} KB  ${path}`)
    .join('\n');
  test
    .info()
    .annotations.push({ type: 'first-load', description: `${(total / 1024).toFixed(1)} KB\n${report}` });
  console.log(`first load: ${(total / 1024).toFixed(1)} KB over ${code.length} files\n${report}`);
  expect(code.filter((f) => f.path !== '/' && !references.includes(f.path)).map((f) => f.path)).toEqual([]);
  // The library's code comes with the shell, in the same file (decision 470).
  expect(code.some((f) => /\/app-[^/]+\.js$/.test(f.path))).toBe(true);
  expect(total).toBeLessThan(FIRST_OPEN_MAX_CODE_BYTES);
});

/**
 * Issue 19: the library opened cold on Lighthouse's "Slow 4G" (e2e/support/slow-link.ts), against a
 * server of its own with an empty library, as the bench measures it (what other specs store would
 * make a thumbnail the LCP and its image a request before it). Held, as the issue states it:
 * everything started before the Largest Contentful Paint, headers included, at most 150 KB; and,
 * what the CPU does not move, the code files the first paint waits for (the document and what it
 * references, nothing else: see documentReferences) and their bytes; that nothing but the
 * library's own data is requested before the paint, each at most once; and that the list is asked
 * for by the early script, with the document rather than once the shell has run (decision 245). The
 * LCP's time is checked against a loose ceiling only: it moves with the load of the shared machine.
 * History: 24 files, 194-198 KB with data (decision 140); 21 files, 190.3-192.1 KB (decision 141);
 * 21 files, 182.1 KB (decision 200); the code alone, decision 245: 22 files, 181.4 KB (the
 * early script's 1.9 KB and the document's ~0.5 KB more); 12 files, 148.9 KB (decisions 230-246);
 * 12 files, 144.0 KB, and 145.4 KB before the LCP with the data (decision 265); 12 files, 148.5 KB
 * (RESULTS, 2026-11-27), 149.9 KB before the LCP (RESULTS, 2026-11-28); 9 files, 140.6 KB, and
 * 141.9 KB in 11 requests before the LCP (one file for the shell and the library: decision 470); 9
 * files, 136.3 KB, and 137.6 KB in 11 requests before the LCP (decisions 540, 541).
 */
const SLOW_LINK_MAX_CODE_FILES = 9;
const SLOW_LINK_MAX_CODE_BYTES = 138 * 1024;
/** The target, for every request started before the LCP. */
const SLOW_LINK_MAX_BEFORE_LCP_BYTES = 150 * 1024;
/**
 * The only other requests the first paint may wait for, each once: the library's own data. Not its
 * groups: the switcher asks for them once the data's paint is on the screen (decision 247).
 */
const FIRST_PAINT_DATA = ['/bootstrap', '/v1/assets'];
const SLOW_LINK_MAX_LCP_MS = 4_000;

test.describe('on a slow link, with an empty library', () => {
  const server = useOwnServer({});

  test('the library paints after few requests and few bytes', async ({ browser }) => {
    const baseURL = server.url;
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'en-US' });
    try {
      const { page, result } = await measureFirstOpen(context, `${baseURL}/`, async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeVisible({
          timeout: 30_000,
        });
        await expect(page.getByText(/Drop image, video or audio files above/)).toBeVisible();
        await page.waitForLoadState('networkidle');
      });
      const { lcp, lcpElement, beforeLcp, all } = await result();
      const painted = await page.evaluate(
        (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY,
        FIRST_PAINT_MARK,
      );
      const beforePaint = all.filter((r) => r.start < painted);
      const isCode = (r: OpenRequest) => ['Document', 'Script', 'Stylesheet'].includes(r.type);
      const code = beforePaint.filter(isCode);
      const data = beforePaint.filter((r) => !isCode(r));
      const codeBytes = code.reduce((a, r) => a + r.bytes, 0);
      const dataBytes = data.reduce((a, r) => a + r.bytes, 0);
      const lcpBytes = beforeLcp.reduce((a, r) => a + r.bytes, 0);
      const list = (requests: OpenRequest[]) =>
        requests
          .map(
            (r) =>
              `${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padEnd(5)} ms ${kb(r.bytes).padStart(9)} ${r.encoding.padEnd(4)} ${new URL(r.url).pathname}`,
          )
          .join('\n');
      const report =
        `LCP ${lcp.toFixed(0)} ms (${lcpElement}), ${beforeLcp.length} requests and ${kb(lcpBytes)} before it; ` +
        `before the first paint ${code.length} code files, ${kb(codeBytes)}, and ${data.length} data requests, ${kb(dataBytes)}\n` +
        list(beforeLcp);
      test.info().annotations.push({ type: 'slow-link', description: report });
      console.log(report);
      // The LCP of an empty library is its empty-state text, painted once the list has answered.
      expect(lcpElement).toContain('Drop image, video or audio files above');
      expect(lcpBytes).toBeLessThanOrEqual(SLOW_LINK_MAX_BEFORE_LCP_BYTES);
      const paths = beforePaint.map((r) => new URL(r.url).pathname);
      // Scripts and styles arrive compressed with brotli (precompressed by the build).
      for (const r of code.filter((x) => x.type !== 'Document')) expect(r.encoding, r.url).toBe('br');
      // Other pages are fetched ahead only after the first paint; the paint waits for the document's
      // own references only (a code file it did not name would be a round trip after the shell).
      const references = await documentReferences(page.request, `${baseURL}/`, 'en-US');
      const codePaths = code.filter((r) => r.type !== 'Document').map((r) => new URL(r.url).pathname);
      expect(codePaths.filter((p) => !references.includes(p))).toEqual([]);
      expect(paths.some((p) => /\/app-[^/]+\.js$/.test(p))).toBe(true);
      expect(code.length).toBeLessThanOrEqual(SLOW_LINK_MAX_CODE_FILES);
      expect(codeBytes).toBeLessThanOrEqual(SLOW_LINK_MAX_CODE_BYTES);
      // Before the LCP, the same: the document's code and the library's data, nothing deferred.
      const lcpPaths = beforeLcp.map((r) => new URL(r.url).pathname);
      expect(
        lcpPaths.filter((p) => p !== '/' && !references.includes(p) && !FIRST_PAINT_DATA.includes(p)),
      ).toEqual([]);
      // The library's data only, each asked for once (the connection check waits for the paint, the
      // favicon is inlined: decision 245).
      const dataPaths = data.map((r) => new URL(r.url).pathname);
      expect(dataPaths.filter((p) => !FIRST_PAINT_DATA.includes(p))).toEqual([]);
      expect(dataPaths.length).toBe(new Set(dataPaths).size);
      // The list: asked for once in the whole open, by the early script, before the shell's last
      // script had arrived; the key and strings before the first script had (decisions 200, 245).
      const lists = all.filter(
        (r) => new URL(r.url).search === '?page=1&page_size=20' && r.url.includes('/v1/assets'),
      );
      expect(lists).toHaveLength(1);
      const scripts = code.filter((r) => r.type === 'Script');
      expect(lists[0]!.start).toBeLessThan(Math.max(...scripts.map((r) => r.end)));
      const strings = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-lang]')].map((l) => ({
          lang: l.dataset.lang,
          path: new URL(l.href).pathname,
        })),
      );
      expect(strings.map((s) => s.lang)).toEqual(['en', 'en']);
      const firstScriptEnd = Math.min(...scripts.map((r) => r.end));
      for (const path of strings.map((s) => s.path)) {
        const request = code.find((r) => new URL(r.url).pathname === path);
        expect(request, path).toBeDefined();
        expect(request!.start, path).toBeLessThan(firstScriptEnd);
      }
      expect(all.filter((r) => new URL(r.url).pathname === '/bootstrap')).toHaveLength(1);
      expect(lcp).toBeLessThan(SLOW_LINK_MAX_LCP_MS);
      // The groups list, and what waits for the first page to settle (the task watcher, the toaster,
      // prefetching, the connection check), start only once the data's paint, the LCP, is on the
      // screen (decision 247): not in the frame that draws it.
      const groups = all.filter((r) => r.url.endsWith('/v1/asset-groups?page=1&page_size=100'));
      expect(groups).toHaveLength(1);
      expect(groups[0]!.start).toBeGreaterThan(lcp);
      const settled = () =>
        page.evaluate(() => performance.getEntriesByName('media-studio:page-prefetch')[0]?.startTime ?? -1);
      await expect.poll(settled, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await settled()).toBeGreaterThan(lcp);
    } finally {
      await context.close();
    }
  });
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
    expect(preloaded.map((p) => p.lang).sort()).toEqual(['en', 'en', 'zh-CN', 'zh-CN']);
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
