import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';

const log: string[] = [];
/** A page whose code arrives when the test says so. */
function page(name: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return {
    path: `${name}/*`,
    titleKey: `nav.${name}`,
    arrive,
    prefetchData: vi.fn(() => Promise.resolve()),
    Component: Object.assign(() => null, {
      preload: vi.fn(() => log.push(`preload ${name}`)),
      load: vi.fn(async () => {
        log.push(`load ${name}`);
        await arrived;
        return () => null;
      }),
    }),
  };
}
const pages = { assets: page('assets'), groups: page('groups') };

vi.mock('@/app/pages', () => ({
  PAGE_ROUTES: [pages.assets, pages.groups],
  pageForPath: (to: string) =>
    to.startsWith('/groups') ? pages.groups : to.startsWith('/assets') ? pages.assets : undefined,
}));
vi.mock('@/app/page-warmer', () => ({
  warmPage: vi.fn(async (path: string) => void log.push(`warm ${path}`)),
}));

const { prefetchPage, prefetchPagesWhenIdle, PREFETCH_DONE_MARK, PREFETCH_MARK } =
  await import('@/app/page-prefetch');

beforeEach(() => {
  log.length = 0;
  performance.clearMarks();
});
afterEach(() => vi.useRealTimers());

describe('idle prefetching', () => {
  it('fetches nothing ahead when the browser asks to save data, and still settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
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
    let busy = true;
    // Each wait for the paint is held until the test presents it.
    const paints: Array<() => void> = [];
    const painted = () => new Promise<void>((resolve) => paints.push(resolve));
    const onSettled = vi.fn();
    const cancel = prefetchPagesWhenIdle({ currentPath: '/assets', isBusy: () => busy, onSettled, painted });
    pages.assets.arrive();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paints).toHaveLength(0);
    // The list answers: nothing is fetching, but its render is not on the screen yet.
    busy = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paints).toHaveLength(1);
    expect(onSettled).not.toHaveBeenCalled();
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(0);
    expect(log).toEqual(['load assets']);

    // Painted; by then the paint has started the groups list: it is waited for in turn.
    busy = true;
    paints[0]!();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onSettled).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paints).toHaveLength(2);
    expect(onSettled).not.toHaveBeenCalled();
    paints[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(1);
    cancel();
  });

  it('by default, the frame that paints the last answer is not enough: one after it is presented', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const onSettled = vi.fn();
      const cancel = prefetchPagesWhenIdle({ currentPath: '/assets', onSettled });
      pages.assets.arrive();
      // No frame is drawn (jsdom reports no largest paint: frames are all there is to wait for).
      await vi.advanceTimersByTimeAsync(10_000);
      expect(onSettled).not.toHaveBeenCalled();
      let drawn = 0;
      while (!onSettled.mock.calls.length && drawn < 10) {
        for (const callback of frames.splice(0)) callback(performance.now());
        drawn += 1;
        await vi.advanceTimersByTimeAsync(20);
      }
      expect(onSettled).toHaveBeenCalledTimes(1);
      expect(drawn).toBeGreaterThanOrEqual(2);
      cancel();
    } finally {
      raf.mockRestore();
    }
  });

  it('stops when cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
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
