import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { Asset } from '@/api/assets';
import { AssetPreview, playPreviewIn, stopPreviewIn } from './asset-preview';
import { formatBytes, formatDuration, formatFullTime, formatTime } from './format';
import type { LibraryView } from './library-search';
import { ReadinessBadge } from './readiness-badge';
import { useElementWidth } from './use-element-width';

export interface AssetCollectionProps {
  view: LibraryView;
  /** Number of slots; in scroll mode the group's total, with unloaded slots shown as skeletons. */
  count: number;
  getAsset: (index: number) => Asset | undefined;
  onOpen: (asset: Asset) => void;
  /** Reports the visible slot range so that the owner can load the pages it covers. */
  onRangeChange?: (start: number, end: number) => void;
  /** Height of the sticky bar above the collection: the table header sticks just below it. */
  stickyOffset?: number;
}

const CARD_MIN_WIDTH = 220;
const CARD_ROW_HEIGHT = 264;
const TABLE_ROW_HEIGHT = 56;
/** The sum of the table's minimum column widths (TABLE_GRID), in px. */
const TABLE_MIN_WIDTH = 848;

/**
 * Grid or table virtualised against the window: the page is the only scroller (no box with its own
 * scrollbar inside the scrolling page), and only the rows in view (plus overscan) are in the DOM,
 * so 10,000 assets cost as many nodes as a screenful (docs/decisions/020-asset-library-paging.md,
 * 075-one-scroll-library.md).
 */
export function AssetCollection({
  view: chosenView,
  count,
  getAsset,
  onOpen,
  onRangeChange,
  stickyOffset = 0,
}: AssetCollectionProps) {
  const { t, i18n } = useTranslation('assets');
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const scrollMargin = useDocumentOffset(scrollRef);
  // Where the table's columns do not fit (a phone), the same assets show as cards instead.
  const view: LibraryView = chosenView === 'table' && width < TABLE_MIN_WIDTH ? 'grid' : chosenView;
  const columns = view === 'grid' ? Math.max(1, Math.floor(width / CARD_MIN_WIDTH)) : 1;
  const rowCount = Math.ceil(count / columns);
  // The virtualizer's getters change every scroll by design; this component re-renders with it.
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (view === 'grid' ? CARD_ROW_HEIGHT : TABLE_ROW_HEIGHT),
    overscan: view === 'grid' ? 2 : 8,
    scrollMargin,
    initialRect: { width: 1024, height: 800 },
    // Let React batch scroll updates instead of forcing a synchronous render on every scroll event.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  // Roving focus over the cards: the grid is one Tab stop, arrow keys move between cards, so the
  // paging after it is one Tab away however many cards there are (decision 079).
  const [activeCard, setActiveCard] = useState(0);
  const tabbableCard = Math.min(activeCard, Math.max(0, count - 1));
  const onGridKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.cardIndex);
    if (view !== 'grid' || !Number.isInteger(from)) return;
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? count - 1
          : step[event.key] === undefined
            ? NaN
            : from + step[event.key]!;
    if (!Number.isInteger(next) || next < 0 || next >= count) return;
    event.preventDefault();
    setActiveCard(next);
    virtualizer.scrollToIndex(Math.floor(next / columns));
    focusCard(scrollRef.current, next);
  };
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;

  useEffect(() => {
    onRangeChange?.(first * columns, Math.min(count, (last + 1) * columns) - 1);
  }, [first, last, columns, count, onRangeChange]);

  return (
    // Key handling is delegated from the card buttons inside; the role (list/table) is in the spread.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={scrollRef}
      className="rounded-md border"
      data-testid="asset-scroll"
      onKeyDown={onGridKeyDown}
      onFocus={(event) => {
        const index = Number((event.target as HTMLElement).dataset.cardIndex);
        if (Number.isInteger(index)) setActiveCard(index);
      }}
      {...(view === 'table'
        ? { role: 'table', 'aria-label': t('table.label'), 'aria-rowcount': count + 1 }
        : { role: 'list', 'aria-label': t('grid.label') })}
    >
      {view === 'table' && (
        <div role="rowgroup" className="sticky z-10 border-b bg-background" style={{ top: stickyOffset }}>
          <div role="row" aria-rowindex={1} className={TABLE_GRID}>
            {(['preview', 'name', 'type', 'readiness', 'status', 'size', 'duration', 'created'] as const).map(
              (c) => (
                <span
                  key={c}
                  role="columnheader"
                  className="px-2 py-2 text-xs font-medium text-muted-foreground"
                >
                  {t(`table.${c}`)}
                </span>
              ),
            )}
          </div>
        </div>
      )}
      <div
        role={view === 'table' ? 'rowgroup' : 'presentation'}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="presentation"
            className="absolute left-0 top-0 w-full"
            style={{ height: row.size, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {view === 'table' ? (
              <TableRow
                index={row.index}
                asset={getAsset(row.index)}
                onOpen={onOpen}
                locale={i18n.language}
              />
            ) : (
              <div
                className="grid gap-3 p-2"
                style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
              >
                {Array.from({ length: columns }, (_, c) => row.index * columns + c)
                  .filter((i) => i < count)
                  .map((i) => (
                    <AssetCard
                      key={i}
                      index={i}
                      tabbable={i === tabbableCard}
                      asset={getAsset(i)}
                      onOpen={onOpen}
                      locale={i18n.language}
                    />
                  ))}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Focuses a card once the virtualiser has rendered it (it may be scrolled in first). */
function focusCard(container: HTMLElement | null, index: number, frames = 10) {
  const card = container?.querySelector<HTMLElement>(`[data-card-index="${index}"]`);
  if (card) card.focus();
  else if (frames > 0) requestAnimationFrame(() => focusCard(container, index, frames - 1));
}

/**
 * Distance from the top of the document to the element: the window virtualizer's scroll margin.
 * Measured again whenever the page's size changes.
 */
function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    // Whatever above the library changes height (an error, the drop zone) changes the body's.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return offset;
}

const TABLE_GRID =
  'grid grid-cols-[4rem_minmax(10rem,2fr)_5rem_8rem_6rem_6rem_5rem_minmax(9rem,1fr)] items-center';

interface ItemProps {
  asset: Asset | undefined;
  onOpen: (asset: Asset) => void;
  locale: string;
}

/*
 * Memoised: while scrolling, the collection re-renders on every frame, but a card whose asset
 * object did not change (same query data) needs no work. Query data is structurally shared, so an
 * unchanged asset keeps its identity across refetches too.
 */
const AssetCard = memo(function AssetCard({
  asset,
  onOpen,
  locale,
  index,
  tabbable,
}: ItemProps & { index: number; tabbable: boolean }) {
  const { t } = useTranslation('assets');
  if (!asset) {
    return (
      <div role="listitem" aria-busy="true" className="h-60 rounded-md border p-2">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="mt-3 h-4 w-3/4" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  const name = asset.name || asset.id;
  return (
    <div
      role="listitem"
      onMouseEnter={(e) => playPreviewIn(e.currentTarget)}
      onMouseLeave={(e) => stopPreviewIn(e.currentTarget)}
      onFocus={(e) => playPreviewIn(e.currentTarget)}
      onBlur={(e) => stopPreviewIn(e.currentTarget)}
      className="relative flex h-60 flex-col gap-2 rounded-md border p-2 hover:border-ring"
    >
      <AssetPreview asset={asset} size="card" />
      <div className="flex min-w-0 items-center justify-between gap-2">
        {/* The stretched ::after makes the whole card a click target without nesting controls. */}
        <button
          type="button"
          data-card-index={index}
          tabIndex={tabbable ? 0 : -1}
          onClick={() => onOpen(asset)}
          className="min-w-0 truncate text-left text-sm font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-ring"
          aria-label={t('openDetails', { name })}
        >
          {name}
        </button>
        <div className="relative z-10 shrink-0">
          <ReadinessBadge asset={asset} tabIndex={-1} />
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground">
        {t(`type.${asset.type ?? 'file'}`, { defaultValue: asset.type })} · {formatBytes(asset.size, locale)}
        {asset.type === 'video' && asset.duration ? ` · ${formatDuration(asset.duration)}` : ''} ·{' '}
        {asset.created_at ? (
          <time
            dateTime={new Date(asset.created_at * 1000).toISOString()}
            title={formatFullTime(asset.created_at, locale)}
          >
            {formatTime(asset.created_at, locale)}
          </time>
        ) : (
          '—'
        )}
      </p>
    </div>
  );
});

const TableRow = memo(function TableRow({ index, asset, onOpen, locale }: ItemProps & { index: number }) {
  const { t } = useTranslation('assets');
  if (!asset) {
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        aria-busy="true"
        className={`${TABLE_GRID} h-full border-b px-1`}
      >
        <span role="cell" className="col-span-8">
          <Skeleton className="h-6 w-full" />
          <span className="sr-only">{t('loading')}</span>
        </span>
      </div>
    );
  }
  const name = asset.name || asset.id;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${TABLE_GRID} h-full border-b px-1 text-sm hover:bg-muted/50`}
    >
      <span role="cell" className="px-1">
        <AssetPreview asset={asset} size="row" />
      </span>
      <span role="cell" className="min-w-0 px-2">
        <button
          type="button"
          onClick={() => onOpen(asset)}
          className="block max-w-full truncate text-left font-medium underline-offset-2 hover:underline"
          aria-label={t('openDetails', { name })}
        >
          {name}
        </button>
        <span className="block truncate font-mono text-xs text-muted-foreground">{asset.id}</span>
      </span>
      <span role="cell" className="px-2">
        {t(`type.${asset.type ?? 'file'}`, { defaultValue: asset.type })}
      </span>
      <span role="cell" className="px-2">
        <ReadinessBadge asset={asset} />
      </span>
      <span role="cell" className="px-2 font-mono text-xs">
        {asset.status ?? '—'}
      </span>
      <span role="cell" className="px-2">
        {formatBytes(asset.size, locale)}
      </span>
      <span role="cell" className="px-2">
        {formatDuration(asset.duration)}
      </span>
      <span role="cell" className="px-2 text-xs">
        {formatTime(asset.created_at, locale)}
      </span>
    </div>
  );
});
