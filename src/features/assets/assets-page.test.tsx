import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaint from '@/lib/first-paint';
import { useConnectionStore } from '@/api/connection-store';
import { json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { AssetsPage } from './assets-page';

/*
 * Issue 19: on the first open the library's data paint is the LCP, and nothing it does not show may
 * be on the wire before it. The groups list (the switcher's other options) is asked for only once
 * that paint is on the screen. Here the test says when it is (first-paint.test.ts holds how the
 * browser's largest paints tell it).
 */
const paint = vi.hoisted(() => ({ waits: [] as Array<{ present: () => void }> }));
vi.mock('@/lib/first-paint', async (importOriginal) => ({
  ...(await importOriginal<typeof FirstPaint>()),
  afterRenderOnScreen: () => new Promise<void>((present) => paint.waits.push({ present })),
}));

beforeEach(() => {
  paint.waits.length = 0;
  useConnectionStore.setState({ apiKey: 'sk-test-secret-key' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the library on its first open', { timeout: 30_000 }, () => {
  it('asks for the groups only once its data is on the screen, and shows them when they arrive', async () => {
    let answerAssets!: () => void;
    const assetsAnswered = new Promise<void>((resolve) => (answerAssets = resolve));
    let answerGroups!: () => void;
    const groupsAnswered = new Promise<void>((resolve) => (answerGroups = resolve));
    const fetchMock = mockFetch({
      'GET /v1/assets': async () => {
        await assetsAnswered;
        return json(LIST_ENVELOPE);
      },
      'GET /v1/asset-groups': async () => {
        await groupsAnswered;
        return json({
          ...LIST_ENVELOPE,
          data: [{ object: 'asset_group', id: 'grp_b', name: 'Brand shoots', created_at: 1 }],
          count: 1,
          total: 1,
        });
      },
    });
    const requests = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path).length;
    const groupRequests = () => requests('/v1/asset-groups');
    /*
     * Absence is read once React has nothing left to do: `act` returns after every render, effect
     * and state update the page has scheduled (and the promises they resolved) have run, which is
     * all a page does on its own; what is left waits for an answer this test has not given yet.
     */
    const settled = () => act(async () => {});
    renderRoutes({ '/assets/*': <AssetsPage /> }, { at: '/assets' });

    const switcher = await screen.findByRole('combobox', { name: 'Group' });
    // Until the list comes, the current group is the one option, in the box the names go into.
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default group']);
    // The list is still on its way: nothing waits for a paint of it yet.
    await vi.waitFor(() => expect(requests('/v1/assets')).toBe(1));
    await settled();
    expect(paint.waits).toHaveLength(0);
    expect(groupRequests()).toBe(0);

    answerAssets();
    const empty = await screen.findByText('No assets in this group yet');
    await vi.waitFor(() => expect(paint.waits).toHaveLength(1));
    // The wait began with the data rendered, and until its paint is on the screen no groups are asked for.
    expect(empty).toBeInTheDocument();
    await settled();
    expect(groupRequests()).toBe(0);

    act(() => paint.waits[0]!.present());
    await vi.waitFor(() => expect(groupRequests()).toBe(1));
    answerGroups();
    expect(await within(switcher).findByRole('option', { name: 'Brand shoots' })).toBeInTheDocument();
    // The same element throughout: the options arrive into it, nothing is swapped in.
    expect(screen.getByRole('combobox', { name: 'Group' })).toBe(switcher);
  });
});
