import { Suspense, useEffect, useRef } from 'react';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { AssetCard } from './asset-card';
import { AssetTableHeader, AssetTableRow } from './lazy-table';
import type { LibraryView } from './library/library-search';
import { useDocumentOffset } from './use-document-offset';
import { useElementWidth } from './use-element-width';
import { useRovingGrid } from './use-roving-grid';
import { useWindowRows } from './use-window-rows';

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
  /** Multi-select: whether an asset is chosen, and a click on an item's checkbox (with Shift: a range). */
  isSelected?: (id: string) => boolean;
  onSelect?: (index: number, shift: boolean) => void;
}

const CARD_MIN_WIDTH = 220;
const CARD_ROW_HEIGHT = 264;
const TABLE_ROW_HEIGHT = 56;
/** The sum of the table's minimum column widths (TABLE_GRID in asset-table-row.tsx), in px. Here, not
 * there: the table's code is fetched only once it shows (lazy-table.ts). */
const TABLE_MIN_WIDTH = 824;
/** The controls of a card or row that arrow keys reach: the open button, the readiness badge, the checkbox. */
const ITEM_CONTROLS = 3;

/**
 * Grid or table virtualised against the window: the page is the only scroller (no box with its own
 * scrollbar inside the scrolling page), and only the rows in view (plus overscan) are in the DOM,
 * so 10,000 assets cost as many nodes as a screenful (decision 020,
 * 075-one-scroll-library.md); a short list is drawn whole, without the virtualiser (decision 240). Either view is one Tab stop with arrow keys inside (decision 091).
 */
export function AssetCollection({
  view: chosenView,
  count,
  getAsset,
  onOpen,
  onRangeChange,
  stickyOffset = 0,
  isSelected,
  onSelect,
}: AssetCollectionProps) {
  const { t, i18n } = useTranslation('assets');
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const scrollMargin = useDocumentOffset(scrollRef);
  // Where the table's columns do not fit (a phone), the same assets show as cards instead.
  const view: LibraryView = chosenView === 'table' && width < TABLE_MIN_WIDTH ? 'grid' : chosenView;
  const columns = view === 'grid' ? Math.max(1, Math.floor(width / CARD_MIN_WIDTH)) : 1;
  const rowCount = Math.ceil(count / columns);
  // @tanstack/react-virtual comes only for a long list, after its first rows have painted (decision 240).
  const [{ rows, totalSize, scrollToIndex }, virtualizer] = useWindowRows({
    count: rowCount,
    size: view === 'grid' ? CARD_ROW_HEIGHT : TABLE_ROW_HEIGHT,
    overscan: view === 'grid' ? 2 : 8,
    scrollMargin,
  });
  const roving = useRovingGrid({
    count,
    columns,
    slots: ITEM_CONTROLS,
    reveal: (item) => scrollToIndex(Math.floor(item / columns)),
    container: scrollRef,
  });
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;

  useEffect(() => {
    onRangeChange?.(first * columns, Math.min(count, (last + 1) * columns) - 1);
  }, [first, last, columns, count, onRangeChange]);

  const item = (index: number) => {
    const asset = getAsset(index);
    return {
      index,
      asset,
      selected: asset ? (isSelected?.(asset.id) ?? false) : false,
      onSelect,
      onOpen,
      locale: i18n.language,
      tabbableSlot: roving.tabbableSlot(index),
    };
  };

  return (
    // Key handling is delegated from the controls inside; the role (list/table) is in the spread.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={scrollRef}
      className="rounded-md border"
      data-testid="asset-scroll"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      {...(view === 'table'
        ? { role: 'table', 'aria-label': t('table.label'), 'aria-rowcount': count + 1 }
        : { role: 'list', 'aria-label': t('grid.label') })}
    >
      {virtualizer}
      {/* The table's code arrives in one request (lazy-table.ts): until then its header and rows are the
          empty space they will fill, never the page's own loading state. */}
      {view === 'table' && (
        <Suspense fallback={null}>
          <AssetTableHeader top={stickyOffset} />
        </Suspense>
      )}
      <div
        role={view === 'table' ? 'rowgroup' : 'presentation'}
        className="relative w-full"
        style={{ height: totalSize }}
      >
        <Suspense fallback={null}>
          {rows.map((row) => (
            <div
              key={row.key}
              role="presentation"
              className="absolute left-0 top-0 w-full"
              style={{ height: row.size, transform: `translateY(${row.start - scrollMargin}px)` }}
            >
              {view === 'table' ? (
                <AssetTableRow {...item(row.index)} />
              ) : (
                <div
                  className="grid gap-3 p-2"
                  style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
                >
                  {Array.from({ length: columns }, (_, c) => row.index * columns + c)
                    .filter((i) => i < count)
                    .map((i) => (
                      <AssetCard key={i} {...item(i)} />
                    ))}
                </div>
              )}
            </div>
          ))}
        </Suspense>
      </div>
    </div>
  );
}
