/**
 * What a first visit does that a repeat visit does not: for each page, the requests started and the
 * JS functions that took CPU time between the click and the painted heading (CDP Profiler), first
 * visit after idle prefetch against the repeat. Run: `npx tsx bench/page-switch-probe.ts --dist DIR`.
 */
import fs from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { startLocalServer } from '../e2e/support/local-server';
import { launchBenchBrowser, topSelf } from './browser';
import { CLICK_TO_CONTENT, PAGES, openLibrary, waitForPrefetch } from './page-switch.bench';

async function measure(page: Page, cdp: CDPSession, link: string, heading: string) {
  const requests: string[] = [];
  const onRequest = (r: { url: () => string }) => requests.push(new URL(r.url()).pathname);
  page.on('request', onRequest);
  await cdp.send('Profiler.start');
  const fn = await page.evaluateHandle(CLICK_TO_CONTENT);
  const ms = (await fn.evaluate(
    (f, args) => (f as unknown as (a: string[]) => Promise<number>)(args),
    [link, heading],
  )) as number;
  const { profile } = await cdp.send('Profiler.stop');
  page.off('request', onRequest);
  return { ms, requests, top: topSelf(profile as never) };
}

const dist = process.argv[process.argv.indexOf('--dist') + 1]!;
const server = await startLocalServer({ staticDir: dist });
const browser = await launchBenchBrowser();
try {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]! : '';
  for (const { link, heading } of PAGES.filter((p) => !only || p.link.startsWith(only))) {
    const page = await openLibrary(browser, server.url, true);
    await waitForPrefetch(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const first = await measure(page, cdp, link, heading);
    await measure(page, cdp, 'Assets', 'Asset library');
    const repeat = await measure(page, cdp, link, heading);
    for (const [label, r] of [
      ['first', first],
      ['repeat', repeat],
    ] as const) {
      console.log(`${link} ${label}: ${r.ms.toFixed(0)} ms, requests: ${r.requests.join(' ') || '-'}`);
      for (const [k, v] of r.top) console.log(`    ${v.toFixed(1).padStart(6)} ms  ${k}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
void fs;
