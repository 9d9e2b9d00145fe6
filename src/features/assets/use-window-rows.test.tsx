import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import type * as ReactVirtual from '@tanstack/react-virtual';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WindowRowsModule from './use-window-rows';

const virtualizerCalls = { imported: false, count: 0 };
/** The virtualiser's module, its import and its hook calls counted (in virtualizerCalls). */
const mockVirtual = async (importOriginal: <T>() => Promise<T>) => {
  virtualizerCalls.imported = true;
  const actual = await importOriginal<typeof ReactVirtual>();
  return {
    ...actual,
    useWindowVirtualizer: ((options: Parameters<typeof actual.useWindowVirtualizer>[0]) => {
      virtualizerCalls.count += 1;
      return actual.useWindowVirtualizer(options);
    }) as typeof actual.useWindowVirtualizer,
  };
};

const SIZE = 50;

let PLAIN_MAX_ROWS: number;
let useWindowRows: typeof WindowRowsModule.useWindowRows;

function List({ count, onMount }: { count: number; onMount: () => void }) {
  const [{ rows, totalSize }, node] = useWindowRows({ count, size: SIZE, overscan: 2, scrollMargin: 0 });
  useEffect(onMount, [onMount]);
  return (
    <div data-testid="list" style={{ height: totalSize }}>
      {node}
      {rows.map((row) => (
        <div key={row.key} data-testid="row" data-top={row.start}>
          {row.index}
        </div>
      ))}
    </div>
  );
}

describe('useWindowRows', () => {
  // The virtualiser, once loaded, stays loaded for the module's lifetime: each test takes a fresh
  // use-window-rows and fresh counts. The mock is registered anew too: vi.resetModules() keeps a
  // mocked module (its factory would not run again), so `imported` says what this test imported.
  beforeEach(async () => {
    vi.resetModules();
    vi.doMock('@tanstack/react-virtual', mockVirtual);
    virtualizerCalls.imported = false;
    virtualizerCalls.count = 0;
    ({ PLAIN_MAX_ROWS, useWindowRows } = await import('./use-window-rows'));
  });
  // Real timers again even when a test failed before putting them back itself.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws a short list whole, at fixed offsets, without the virtualiser', async () => {
    // Frames and timers faked, to run them all out: a long list's load is a frame, then a task, away.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    render(<List count={PLAIN_MAX_ROWS} onMount={() => undefined} />);
    const rows = screen.getAllByTestId('row');
    expect(rows).toHaveLength(PLAIN_MAX_ROWS);
    expect(rows.map((r) => Number(r.dataset.top))).toEqual(rows.map((_, i) => i * SIZE));
    expect(screen.getByTestId('list').style.height).toBe(`${PLAIN_MAX_ROWS * SIZE}px`);
    try {
      await act(() => vi.runAllTimersAsync());
    } finally {
      vi.useRealTimers();
    }
    // Not even fetched: a short list does not need it.
    expect(virtualizerCalls.imported).toBe(false);
  });

  it('draws the window of a long list, then hands it to the virtualiser without remounting', async () => {
    const onMount = vi.fn();
    render(<List count={10_000} onMount={onMount} />);
    // The first drawing: the rows around the window, not 10,000, at the virtualiser's offsets.
    const first = screen.getAllByTestId('row');
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(60);
    expect(first[0]!.textContent).toBe('0');
    expect(screen.getByTestId('list').style.height).toBe(`${10_000 * SIZE}px`);
    await waitFor(() => expect(virtualizerCalls.count).toBeGreaterThan(0));
    const rows = screen.getAllByTestId('row');
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.textContent).toBe('0');
    expect(rows.map((r) => Number(r.dataset.top))).toEqual(rows.map((_, i) => i * SIZE));
    expect(screen.getByTestId('list').style.height).toBe(`${10_000 * SIZE}px`);
    expect(onMount).toHaveBeenCalledTimes(1);
  });
});
