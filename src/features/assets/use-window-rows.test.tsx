import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import type * as ReactVirtual from '@tanstack/react-virtual';
import { describe, expect, it, vi } from 'vitest';
import { PLAIN_MAX_ROWS, useWindowRows } from './use-window-rows';

const virtualizerCalls = vi.hoisted(() => ({ imported: false, count: 0 }));
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  virtualizerCalls.imported = true;
  const actual = await importOriginal<typeof ReactVirtual>();
  return {
    ...actual,
    useWindowVirtualizer: ((options: Parameters<typeof actual.useWindowVirtualizer>[0]) => {
      virtualizerCalls.count += 1;
      return actual.useWindowVirtualizer(options);
    }) as typeof actual.useWindowVirtualizer,
  };
});

const SIZE = 50;

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
  // In order: the virtualiser, once loaded, stays loaded for the module's lifetime.
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
