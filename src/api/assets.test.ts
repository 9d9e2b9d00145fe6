import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GROUP_ID } from '@contract/group';
import {
  assetDetailRefetchInterval,
  assetKeys,
  assetListRefetchInterval,
  assetMutations,
  assetQueries,
  invalidateAfterAssetCreated,
  isPreparing,
  registerAssetByUrl,
  uploadAssetFile,
  type Asset,
  type AssetList,
} from './assets';
import { groupKeys } from './groups';
import { useConnectionStore } from './connection-store';

const preparing = {
  id: 'asset_p',
  status: 'syncing',
  preparation_status: 'syncing',
  generation_ready: false,
};
const ready = {
  id: 'asset_r',
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
};
const rejected = {
  id: 'asset_x',
  status: 'failed',
  preparation_status: 'failed',
  generation_ready: false,
  review_status: 'succeeded',
  review_passed: true,
  sync_error: 'rejected by content policy',
};

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // Requests go to the dashboard's own origin without a key, whatever an earlier test connected to
  // (the store is module state, which the web project's files can share on one worker).
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => vi.unstubAllGlobals());

const params = { group: 'grp_a', type: 'image', status: '', domain: '', page: 2, pageSize: 50 };

describe('asset query keys', () => {
  it('go from generic to specific so that one prefix invalidates a group', () => {
    expect(assetKeys.list(params)).toEqual([
      'assets',
      'list',
      { baseUrl: undefined, group: 'grp_a', type: 'image', status: '', domain: '', page: 2, pageSize: 50 },
    ]);
    expect(assetKeys.detail('asset_1', 'grp_a')).toEqual(['assets', 'detail', 'asset_1', 'grp_a']);
    expect(assetQueries.list(params).queryKey.slice(0, 2)).toEqual(assetKeys.lists());
  });
});

describe('asset queries', () => {
  it('requests the filtered page and parses leniently (unknown fields kept, id from asset_id)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        object: 'list',
        data: [{ asset_id: 'asset_1', status: 'ready', extra_field: 42, size: 'not-a-number' }],
        count: 1,
        total: 1,
        page: 2,
        page_size: 50,
      }),
    );
    const client = new QueryClient();
    const list = await client.fetchQuery(assetQueries.list(params));
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/v1/assets');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      group_id: 'grp_a',
      type: 'image',
      page: '2',
      page_size: '50',
    });
    expect(list.data[0]).toMatchObject({ id: 'asset_1', extra_field: 42, size: undefined });
  });

  it('omits group_id for the default group (the spec queries the default group without it)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ id: 'asset_1' }));
    await new QueryClient().fetchQuery(assetQueries.detail('asset_1', DEFAULT_GROUP_ID));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/v1/assets/asset_1');
    await new QueryClient().fetchQuery(assetQueries.detail('asset_1', 'grp_b'));
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/v1/assets/asset_1?group_id=grp_b');
  });
});

describe('polling a preparing asset', () => {
  afterEach(() => vi.useRealTimers());

  /** Serves `preparing` until `readyAt` ms after the start, then `ready`; records when it was asked. */
  function serveUntilReady(readyAt: number, type = 'video') {
    const start = Date.now();
    const asked: number[] = [];
    fetchMock.mockImplementation(async () => {
      const elapsed = Date.now() - start;
      asked.push(elapsed);
      const now = Math.floor(Date.now() / 1000);
      return jsonResponse(
        elapsed >= readyAt
          ? { ...ready, id: 'asset_v', type }
          : { ...preparing, id: 'asset_v', type, created_at: now, updated_at: now },
      );
    });
    return asked;
  }

  it('notices a video ready at 5 s within half a second, asking the same asset_id, then stops', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const asked = serveUntilReady(5_000);
    const client = new QueryClient();
    const observer = new QueryObserver(client, assetQueries.detail('asset_v', 'grp_a'));
    const seen: Array<{ at: number; ready: boolean }> = [];
    const start = Date.now();
    const unsubscribe = observer.subscribe((result) => {
      if (result.isSuccess) seen.push({ at: Date.now() - start, ready: !isPreparing(result.data) });
    });
    await vi.advanceTimersByTimeAsync(30_000);
    unsubscribe();
    const firstReady = seen.find((s) => s.ready)!;
    expect(firstReady.at).toBeGreaterThanOrEqual(5_000);
    expect(firstReady.at).toBeLessThanOrEqual(5_500);
    // The first fetch, a look at 1 s, then one just past 5 s; nothing once it is ready.
    expect(asked).toEqual([0, 1_000, 5_300]);
    expect(fetchMock.mock.calls.every(([url]) => String(url) === '/v1/assets/asset_v?group_id=grp_a')).toBe(
      true,
    );
  });

  it('keeps asking a slow asset, never more often than every second once it is late', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const asked = serveUntilReady(40_000, 'image');
    const client = new QueryClient();
    const unsubscribe = new QueryObserver(client, assetQueries.detail('asset_v', 'grp_a')).subscribe(
      () => {},
    );
    await vi.advanceTimersByTimeAsync(60_000);
    unsubscribe();
    const gaps = asked.slice(2).map((at, i) => at - asked[i + 1]!);
    expect(gaps.every((g) => g >= 1_000 && g <= 10_000)).toBe(true);
    expect(asked.at(-1)! - 40_000).toBeLessThanOrEqual(10_000);
    expect(asked.length).toBeLessThan(16);
  });

  it('stops once the asset is ready or failed, or when there is nothing', () => {
    const q = (data: Asset | undefined) => ({ state: { data } });
    expect(assetDetailRefetchInterval(q(preparing))).toBe(1000);
    expect(assetDetailRefetchInterval(q(ready))).toBe(false);
    expect(assetDetailRefetchInterval(q(rejected))).toBe(false);
    expect(assetDetailRefetchInterval(q(undefined))).toBe(false);
  });

  it('refreshes a list while any asset on it prepares, at the pace of the soonest', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const list = (data: Asset[]): AssetList => ({
      object: 'list',
      data,
      count: data.length,
      total: data.length,
      page: 1,
      page_size: 20,
    });
    const video = { ...preparing, type: 'video' };
    const q = { state: { data: list([ready, video]) } };
    expect(assetListRefetchInterval(q)).toBe(1000);
    vi.advanceTimersByTime(1_000);
    // Called several times per fetch cycle by React Query: the same answer each time.
    expect(assetListRefetchInterval(q)).toBe(4300);
    expect(assetListRefetchInterval(q)).toBe(4300);
    // A new upload appears: its first look comes a second after it was first seen.
    q.state = { data: list([ready, video, { ...preparing, id: 'asset_new', type: 'image' }]) };
    expect(assetListRefetchInterval(q)).toBe(1000);
    q.state = { data: list([ready, rejected]) };
    expect(assetListRefetchInterval(q)).toBe(false);
  });
});

describe('an asset ready but for a review that stays unknown', () => {
  afterEach(() => vi.useRealTimers());

  it('is re-queried for four times its type’s typical time, then no more', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const unknownReview = {
      ...ready,
      id: 'asset_r',
      type: 'image',
      review_status: 'unknown',
      review_passed: false,
    };
    const q = { state: { data: unknownReview as Asset } };
    expect(isPreparing(unknownReview)).toBe(true);
    expect(assetDetailRefetchInterval(q)).toBe(1000);
    vi.advanceTimersByTime(11_000);
    expect(assetDetailRefetchInterval(q)).not.toBe(false);
    // An image's typical time is 3 s: after 12 s the dashboard stops asking.
    vi.advanceTimersByTime(1_000);
    expect(assetDetailRefetchInterval(q)).toBe(false);
  });

  it('a review still pending, or an asset still syncing, is polled as before', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const pendingReview = {
      ...ready,
      id: 'asset_p',
      type: 'image',
      review_status: 'pending',
      review_passed: false,
    };
    const q = { state: { data: pendingReview as Asset } };
    expect(assetDetailRefetchInterval(q)).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(assetDetailRefetchInterval(q)).toBe(10_000);
  });
});

describe('asset mutations', () => {
  it('registers by URL with only the fields given, and the name also as metadata', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'asset_9', group_id: 'grp_a' }));
    await registerAssetByUrl({
      url: 'https://x.test/cat.png',
      mode: 'asset',
      type: '',
      group_id: 'grp_a',
      name: 'Cat',
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      url: 'https://x.test/cat.png',
      mode: 'asset',
      group_id: 'grp_a',
      name: 'Cat',
      metadata: { name: 'Cat' },
    });
  });

  it('uploads a file as multipart with its fields before the file part', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'asset_f' }));
    const file = new File(['abc'], 'clip.mp4', { type: 'video/mp4' });
    const asset = await uploadAssetFile(file, {
      type: 'video',
      purpose: 'reference_video',
      group_id: DEFAULT_GROUP_ID,
    });
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect([...body.keys()]).toEqual(['type', 'purpose', 'file']);
    expect((body.get('file') as File).name).toBe('clip.mp4');
    expect(asset.id).toBe('asset_f');
  });

  it('invalidates exactly the lists of the asset group and that group count', async () => {
    const client = new QueryClient();
    const listA = assetKeys.list({ ...params, group: 'grp_a' });
    const listB = assetKeys.list({ ...params, group: 'grp_b' });
    for (const key of [
      listA,
      listB,
      assetKeys.detail('asset_1', 'grp_a'),
      groupKeys.list(),
      groupKeys.detail('grp_a'),
      groupKeys.detail('grp_b'),
    ]) {
      client.setQueryData(key, {});
    }
    await invalidateAfterAssetCreated(client, 'grp_a');
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(listA)).toBe(true);
    expect(stale(groupKeys.list())).toBe(true);
    expect(stale(groupKeys.detail('grp_a'))).toBe(true);
    expect(stale(listB)).toBe(false);
    expect(stale(groupKeys.detail('grp_b'))).toBe(false);
    expect(stale(assetKeys.detail('asset_1', 'grp_a'))).toBe(false);
  });

  it('refreshes the group asked for too, when the deployment names its default group otherwise', async () => {
    const client = new QueryClient();
    const asked = assetKeys.list({ ...params, group: DEFAULT_GROUP_ID });
    const answered = assetKeys.list({ ...params, group: 'grp_main' });
    client.setQueryData(asked, {});
    client.setQueryData(answered, {});
    await invalidateAfterAssetCreated(client, 'grp_main', DEFAULT_GROUP_ID);
    expect(client.getQueryState(asked)?.isInvalidated).toBe(true);
    expect(client.getQueryState(answered)?.isInvalidated).toBe(true);
  });

  it('register invalidates the group the server put the asset in', async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    await assetMutations
      .registerByUrl(client)
      .onSuccess({ id: 'asset_1', group_id: 'grp_c' }, { url: 'https://x.test/a.png' });
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['assets', 'list', { group: 'grp_c' }],
      ['groups', 'detail', 'grp_c'],
      ['groups', 'list'],
    ]);
  });
});
