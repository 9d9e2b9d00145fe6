import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaint from '@/lib/first-paint';
import { useConnectionStore } from '@/api/connection-store';

// On one worker the web project's files share a module graph (vmThreads runs them in one task), so
// page-prefetch may have been loaded by an earlier file with the real pages and first paint, which
// the mocks below would then never reach. Fresh modules for this file, and none bound to its mocks
// after it.
vi.hoisted(() => void vi.resetModules());
afterAll(() => void vi.resetModules());

const log: string[] = [];
/** A page whose code arrives when the test says so (each test anew: see `renew`). */
function page(name: string) {
  const fixture = {
    path: `${name}/*`,
    titleKey: `nav.${name}`,
    arrive: () => {},
    arrived: Promise.resolve(),
    /** The page's code has not arrived yet; the routes hold this same object, so it is renewed in place. */
    renew() {
      fixture.arrived = new Promise<void>((resolve) => (fixture.arrive = resolve));
    },
    prefetchData: vi.fn(() => Promise.resolve()),
    Component: Object.assign(() => null, {
      preload: vi.fn(() => log.push(`preload ${name}`)),
      load: vi.fn(async () => {
        log.push(`load ${name}`);
        await fixture.arrived;
        return () => null;
      }),
    }),
  };
  fixture.renew();
  return fixture;
}
const pages = { assets: page('assets'), groups: page('groups') };

vi.mock('@/app/pages', () => ({
  PAGE_ROUTES: [pages.assets, pages.groups],
  pageForPath: (to: string) =>
    to.startsWith('/groups') ? pages.groups : to.startsWith('/assets') ? pages.assets : undefined,
}));
/** While `held`, each wait for a render to be on the screen lasts until the test presents it. */
const paint = vi.hoisted(() => ({ held: false, presents: [] as Array<() => void> }));
vi.mock('@/lib/first-paint', async (importOriginal) => ({
  ...(await importOriginal<typeof FirstPaint>()),
  afterRenderOnScreen: () =>
    paint.held ? new Promise<void>((resolve) => paint.presents.push(resolve)) : Promise.resolve(),
}));
vi.mock('@/app/page-warming', () => ({
  warmPage: vi.fn(async (path: string) => void log.push(`warm ${path}`)),
}));

const { prefetchPage, prefetchPagesWhenIdle, PREFETCH_DONE_MARK, PREFETCH_MARK } =
  await import('@/app/page-prefetch');

beforeEach(() => {
  log.length = 0;
  // Each test starts before any page's code has arrived, with no calls recorded.
  pages.assets.renew();
  pages.groups.renew();
  vi.clearAllMocks();
  performance.clearMarks();
  paint.held = false;
  paint.presents.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('idle prefetching', () => {
  it('fetches nothing ahead when the browser asks to save data, and still settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const onSettled = vi.fn();
      const cancel = prefetchPagesWhenIdle({ currentPath: '/assets', onSettled });
      pages.assets.arrive();
      await vi.advanceTimersByTimeAsync(10_000);
      // Only the page the person is on (its own code, asked for anyway); no other page, no warm-up.
      expect(log).toEqual(['load assets']);
      // What waits for the first page to settle (the task watcher) is not starved on a slow link.
      expect(onSettled).toHaveBeenCalledTimes(1);
      cancel();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('waits for the current page code and its queries, then fetches and pre-renders the others', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let busy = true;
    const cancel = prefetchPagesWhenIdle({ currentPath: '/assets', isBusy: () => busy });
    expect(log).toEqual(['load assets']);
    await vi.advanceTimersByTimeAsync(1_200);
    // The page's own code has not arrived: nothing else is asked for, no mark yet.
    expect(log).toEqual(['load assets']);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(0);

    pages.assets.arrive();
    await vi.advanceTimersByTimeAsync(1_200);
    // Its queries are still running.
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(0);
    busy = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(1);
    pages.groups.arrive();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(performance.getEntriesByName(PREFETCH_DONE_MARK)).toHaveLength(1);
    // The current page is not pre-rendered again; the other one is, after its code.
    expect(log.filter((l) => l.startsWith('warm'))).toEqual(['warm /groups']);
    expect(log.indexOf('warm /groups')).toBeGreaterThan(log.lastIndexOf('load groups'));
    cancel();
  });

  it('settles only once the last answer has been painted, not in the frame that paints it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    paint.held = true;
    let busy = true;
    const onSettled = vi.fn();
    const cancel = prefetchPagesWhenIdle({ currentPath: '/assets', isBusy: () => busy, onSettled });
    pages.assets.arrive();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paint.presents).toHaveLength(0);
    // The list answers: nothing is fetching, but its render is not on the screen yet.
    busy = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paint.presents).toHaveLength(1);
    expect(onSettled).not.toHaveBeenCalled();
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(0);
    expect(log).toEqual(['load assets']);

    // On the screen; by then the paint has started the groups list: it is waited for in turn.
    busy = true;
    paint.presents[0]!();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onSettled).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paint.presents).toHaveLength(2);
    expect(onSettled).not.toHaveBeenCalled();
    paint.presents[1]!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(1);
    cancel();
  });

  it('stops when cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cancel = prefetchPagesWhenIdle({ currentPath: '/nowhere' });
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(0);
  });
});

describe('prefetch on intent', () => {
  it('fetches the code, and the first query only with a client and a key', () => {
    const client = new QueryClient();
    useConnectionStore.setState({ apiKey: '' });
    prefetchPage('/groups/x', client);
    expect(pages.groups.Component.preload).toHaveBeenCalled();
    expect(pages.groups.prefetchData).not.toHaveBeenCalled();
    useConnectionStore.setState({ apiKey: 'sk-test' });
    prefetchPage('/groups', client);
    expect(pages.groups.prefetchData).toHaveBeenCalledWith(client);
  });
});
