import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import type * as ReactVirtual from '@tanstack/react-virtual';
import { whenFirstPageIdle } from '@/lib/first-paint';

type VirtualModule = typeof ReactVirtual;

let loaded: VirtualModule | undefined;
let loading: Promise<VirtualModule> | undefined;

function loadVirtualizer(): Promise<VirtualModule> {
  loading ??= import('@tanstack/react-virtual').then((m) => (loaded = m));
  return loading;
}

/** Up to this many rows the collection is drawn whole, without the virtualiser (decision 240). */
export const PLAIN_MAX_ROWS = 16;

export interface WindowRow {
  index: number;
  key: React.Key;
  /** Offset from the top of the document, like the virtualiser's (scroll margin included). */
  start: number;
  size: number;
}

export interface WindowRows {
  rows: WindowRow[];
  totalSize: number;
  /** Brings a row into the window (scrolls it in), so that its controls can be focused. */
  scrollToIndex: (index: number) => void;
}

export interface WindowRowsOptions {
  count: number;
  /** Every row has this height: the virtualiser measures nothing, so both drawings agree. */
  size: number;
  overscan: number;
  scrollMargin: number;
}

function Virtualizer({
  useWindowVirtualizer,
  options,
  onRows,
}: {
  useWindowVirtualizer: VirtualModule['useWindowVirtualizer'];
  options: WindowRowsOptions;
  onRows: (rows: WindowRows) => void;
}) {
  // The virtualizer's getters change every scroll by design; this component re-renders with it.
  const virtualizer = useWindowVirtualizer({
    count: options.count,
    estimateSize: () => options.size,
    overscan: options.overscan,
    scrollMargin: options.scrollMargin,
    initialRect: { width: 1024, height: 800 },
    // Let React batch scroll updates instead of forcing a synchronous render on every scroll event.
    useFlushSync: false,
  });
  // The same array until the range changes; handed up before the browser paints (a layout effect),
  // so the owner draws the new rows in the same frame.
  const rows = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(
    () => onRows({ rows, totalSize, scrollToIndex: (index) => virtualizer.scrollToIndex(index) }),
    [rows, totalSize, virtualizer, onRows],
  );
  return null;
}

/** The rows a plain drawing shows: all of a short list; of a long one, those around the window. */
function plainRows({ count, size, overscan, scrollMargin }: WindowRowsOptions, whole: boolean): WindowRows {
  let first = 0;
  let last = count - 1;
  if (!whole && typeof window !== 'undefined') {
    const top = window.scrollY - scrollMargin;
    first = Math.max(0, Math.floor(top / size) - overscan);
    last = Math.min(count - 1, Math.ceil((top + window.innerHeight) / size) + overscan);
  }
  const rows: WindowRow[] = [];
  for (let index = first; index <= last; index++)
    rows.push({ index, key: index, start: scrollMargin + index * size, size });
  return {
    rows,
    totalSize: count * size,
    scrollToIndex: (index) => {
      const top = scrollMargin + index * size;
      if (top < window.scrollY || top + size > window.scrollY + window.innerHeight)
        window.scrollTo({ top: Math.max(0, top - (window.innerHeight - size) / 2) });
    },
  };
}

/**
 * The rows of a collection virtualised against the window, without @tanstack/react-virtual on the
 * first route (decision 240): a short list (up to PLAIN_MAX_ROWS) is drawn whole, a long one
 * around the window until the virtualiser, asked for once that first drawing has painted, takes
 * over. Rows have a fixed height and the same offsets either way, so nothing moves when it does,
 * and the owner's elements stay (no remount: focus and scroll stay where they are). Render the
 * returned node beside the rows.
 */
export function useWindowRows(options: WindowRowsOptions): [WindowRows, ReactNode] {
  const long = options.count > PLAIN_MAX_ROWS;
  const [mod, setMod] = useState(loaded);
  const [virtual, setVirtual] = useState<WindowRows>();
  useEffect(() => {
    if (mod) return;
    let live = true;
    const load = () => void loadVirtualizer().then((m) => live && setMod(m));
    let frame = 0;
    // After the paint of the plain rows (a frame, then a task): never ahead of the first paint.
    if (long) frame = requestAnimationFrame(() => window.setTimeout(load));
    // Otherwise once the first page is idle, so a list that grows later has it at hand.
    const cancel = whenFirstPageIdle(load);
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [mod, long]);
  const active = mod !== undefined && long;
  const node = active ? (
    <Virtualizer useWindowVirtualizer={mod.useWindowVirtualizer} options={options} onRows={setVirtual} />
  ) : null;
  return [active && virtual ? virtual : plainRows(options, !long), node];
}
