import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { AssetsPage } from './assets-page';

/*
 * Issue 19: on the first open the library's data paint is the LCP, and nothing it does not show may
 * be on the wire before it. The groups list (the switcher's other options) is asked for only once
 * that paint is on the screen. Animation frames are run by hand here: each stands for one drawn
 * frame (jsdom reports no largest paint, so frames are what the library waits for).
 */
const frames: FrameRequestCallback[] = [];
function drawFrame() {
  for (const callback of frames.splice(0)) callback(performance.now());
}

beforeEach(() => {
  useConnectionStore.setState({ apiKey: 'sk-test-secret-key' });
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  frames.length = 0;
});

describe('the library on its first open', { timeout: 30_000 }, () => {
  it('asks for the groups only once its data has been painted, and shows them when they arrive', async () => {
    let answerGroups!: () => void;
    const groupsAnswered = new Promise<void>((resolve) => (answerGroups = resolve));
    const fetchMock = mockFetch({
      'GET /v1/assets': () => json(LIST_ENVELOPE),
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
    const groupRequests = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/asset-groups')).length;
    renderRoutes({ '/assets/*': <AssetsPage /> }, { at: '/assets' });

    expect(await screen.findByText('No assets in this group yet')).toBeInTheDocument();
    const switcher = screen.getByRole('combobox', { name: 'Group' });
    // The data has rendered; until a frame has drawn it, nothing else is asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(groupRequests()).toBe(0);
    // The frame that draws the data: its paint is not on the screen before the frame ends.
    act(drawFrame);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(groupRequests()).toBe(0);
    // Until the list comes, the current group is the one option, in the same box.
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default group']);

    act(drawFrame);
    await vi.waitFor(() => expect(groupRequests()).toBe(1));
    answerGroups();
    expect(await within(switcher).findByRole('option', { name: 'Brand shoots' })).toBeInTheDocument();
    // The same element throughout: the options arrive into it, nothing is swapped in.
    expect(screen.getByRole('combobox', { name: 'Group' })).toBe(switcher);
  });
});
