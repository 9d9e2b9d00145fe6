import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PageAnswer } from '@contract/list';
import { useAnsweredPageSize } from './use-answered-page-size';

function setup(list: PageAnswer | undefined, requested: number, pageOne: PageAnswer, enabled = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queryFn = vi.fn(async () => pageOne);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const options = queryOptions({ queryKey: ['list', 1], queryFn });
  const { result } = renderHook(() => useAnsweredPageSize(list, requested, options, enabled), { wrapper });
  return { result, queryFn };
}

describe('useAnsweredPageSize (decision 215 for every paged view)', () => {
  it('reads a short later page without page_size by page 1 of the same list', async () => {
    // Page 3 of 120 from a deployment capping at 50: 20 items, which alone read as "pages of 20".
    const { result, queryFn } = setup({ count: 20, total: 120, page: 3 }, 100, {
      count: 50,
      total: 120,
      page: 1,
    });
    expect(result.current).toBe(20);
    await waitFor(() => expect(result.current).toBe(50));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks for page 1 only when the page alone is ambiguous', async () => {
    const cases: PageAnswer[] = [
      { count: 50, total: 120, page: 1 },
      { count: 20, total: 120, page: 3, page_size: 50 },
      { count: 100, total: 250, page: 2 },
    ];
    for (const list of cases) {
      const { result, queryFn } = setup(list, 100, { count: 100, total: 250, page: 1 });
      await Promise.resolve();
      expect(queryFn).not.toHaveBeenCalled();
      expect(result.current).toBe(list.page_size ?? list.count);
    }
  });

  it('asks nothing while disabled, and answers the requested size before any page came', () => {
    const first = { count: 50, total: 120, page: 1 };
    const disabled = setup({ count: 20, total: 120, page: 3 }, 100, first, false);
    expect(disabled.queryFn).not.toHaveBeenCalled();
    const none = setup(undefined, 24, first);
    expect(none.result.current).toBe(24);
    expect(none.queryFn).not.toHaveBeenCalled();
  });
});
