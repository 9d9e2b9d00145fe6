import { afterEach, beforeEach, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { TEST_CONNECTION } from './fetch-mock';

/**
 * A bare fetch stub for each test of the file, on TEST_CONNECTION (a direct connection): each test
 * says what it answers (`mockResolvedValueOnce`…) and reads what was asked. Call at the top level.
 */
export function stubFetchForEachTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useConnectionStore.setState(TEST_CONNECTION);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
