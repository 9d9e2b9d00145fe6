import type { BrowserContext, Page } from '@playwright/test';

/**
 * Lighthouse's "Slow 4G" as Chromium's DevTools throttle applies it (issue 19): 150 ms added to
 * every request's round trip, 1.6 Mbit/s down, 750 kbit/s up. Simulated in the browser's network
 * stack, so the figures depend on bytes and round trips, hardly on the (shared) CPU.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** A phone's viewport (Lighthouse's mobile one). */
export const PHONE_VIEWPORT = { width: 412, height: 823 };

export interface OpenRequest {
  url: string;
  type: string;
  /** Bytes on the wire (headers and compressed body), as the DevTools Network panel counts them. */
  bytes: number;
  /** ms after navigation start. */
  start: number;
  end: number;
  encoding: string;
}

export interface FirstOpen {
  /** Largest Contentful Paint, ms after navigation start. */
  lcp: number;
  lcpElement: string;
  /** Every request started before the LCP. */
  beforeLcp: OpenRequest[];
  /** Every request until the measurement ended (the LCP's and the prefetch's, if waited for). */
  all: OpenRequest[];
}

const LCP_OBSERVER = `(() => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      const what = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : e.url || '?';
      window.__lcp.push({ startTime: e.startTime, what });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

/**
 * Opens `url` in `context` (fresh: nothing cached) over the throttled link and measures the LCP and
 * every request. `ready` resolves once the page shows what counts as painted and has settled (the
 * LCP is the last candidate before input): it waits for a condition, such as the network going
 * idle, never for a fixed time.
 */
export async function measureFirstOpen(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ page: Page; result: () => Promise<FirstOpen> }> {
  const page = await context.newPage();
  await page.addInitScript(LCP_OBSERVER);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

  type Pending = { url: string; type: string; wallStart: number; tsStart: number; encoding: string };
  const pending = new Map<string, Pending>();
  const done: Array<Pending & { bytes: number; tsEnd: number }> = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    pending.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      wallStart: e.wallTime * 1000,
      tsStart: e.timestamp,
      encoding: '',
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    if (p) p.encoding = String(headers['content-encoding'] ?? '');
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    done.push({ ...p, bytes: e.encodedDataLength, tsEnd: e.timestamp });
  });

  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);

  return {
    page,
    result: async () => {
      const { origin, entries } = await page.evaluate(() => ({
        origin: performance.timeOrigin,
        entries: (window as unknown as { __lcp: Array<{ startTime: number; what: string }> }).__lcp,
      }));
      const last = entries.at(-1);
      if (!last) throw new Error('no largest-contentful-paint entry was reported');
      // wallTime and timeOrigin are both wall clocks of the browser: requests land on the page's timeline.
      const all = done
        .map((r) => ({
          url: r.url,
          type: r.type,
          bytes: r.bytes,
          start: r.wallStart - origin,
          end: r.wallStart - origin + (r.tsEnd - r.tsStart) * 1000,
          encoding: r.encoding,
        }))
        .sort((a, b) => a.start - b.start);
      return {
        lcp: last.startTime,
        lcpElement: last.what,
        beforeLcp: all.filter((r) => r.start < last.startTime),
        all,
      };
    },
  };
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
