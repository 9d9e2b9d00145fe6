import { memo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { UnreadableItemNotice } from '@/components/unreadable-item';
import { formatUnixTime } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { SelectBox, type AssetItemProps } from './asset-card';
import { AssetPreview } from './asset-preview';
import { formatBytes, formatDuration } from './format';
import { ReadinessBadge } from './readiness-badge';
import { rovingProps } from './use-roving-grid';

// Its minimum column widths add up to asset-collection.tsx's TABLE_MIN_WIDTH: change both together.
export const TABLE_GRID =
  'grid grid-cols-[2.5rem_4rem_minmax(10rem,2fr)_5rem_8rem_6rem_5rem_minmax(11rem,1fr)] items-center';
// One of readiness and record status: readiness (what a person acts on); the status, with the other
// phase fields, is in the detail sheet (asset-fields.tsx).
const COLUMNS = ['select', 'preview', 'name', 'type', 'readiness', 'size', 'duration', 'created'] as const;

/** The column headers, sticking just below the page's sticky filter bar (`top`). */
export function AssetTableHeader({ top }: { top: number }) {
  const { t } = useTranslation('assets');
  return (
    <div role="rowgroup" className="sticky z-10 border-b bg-background" style={{ top }}>
      <div role="row" aria-rowindex={1} className={TABLE_GRID}>
        {COLUMNS.map((c) => (
          <span
            key={c}
            role="columnheader"
            className={`px-2 py-2 text-xs font-medium text-muted-foreground ${c === 'select' ? 'sr-only' : ''}`}
          >
            {t(`table.${c}`)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Memoised like the cards: a row whose asset did not change needs no work while scrolling. */
export const AssetTableRow = memo(function AssetTableRow({
  index,
  asset,
  onOpen,
  locale,
  tabbableSlot,
  selected = false,
  onSelect,
}: AssetItemProps) {
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
  if (asset.unreadable) {
    return (
      <div role="row" aria-rowindex={index + 2} className={`${TABLE_GRID} h-full border-b px-1`}>
        <span role="cell" className="col-span-8 overflow-hidden px-2">
          <UnreadableItemNotice
            item={asset.unreadable}
            triggerProps={rovingProps(index, 0, tabbableSlot)}
            compact
          />
        </span>
      </div>
    );
  }
  const name = asset.name || asset.id;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={onSelect ? selected : undefined}
      className={`${TABLE_GRID} h-full border-b px-1 text-sm hover:bg-muted/50 focus-within:bg-muted/50 ${
        selected ? 'bg-primary/10' : ''
      }`}
    >
      <span role="cell" className="flex justify-center">
        {onSelect && (
          <SelectBox
            index={index}
            name={name}
            selected={selected}
            onSelect={onSelect}
            tabbableSlot={tabbableSlot}
          />
        )}
      </span>
      <span role="cell" className="px-1">
        <AssetPreview asset={asset} size="row" />
      </span>
      <span role="cell" className="min-w-0 px-2">
        <button
          type="button"
          {...rovingProps(index, 0, tabbableSlot)}
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
        <ReadinessBadge asset={asset} focus={rovingProps(index, 1, tabbableSlot)} />
      </span>
      <span role="cell" className="px-2">
        {formatBytes(asset.size, locale)}
      </span>
      <span role="cell" className="px-2">
        {formatDuration(asset.duration)}
      </span>
      <span role="cell" className="px-2 text-xs">
        {formatUnixTime(asset.created_at, locale)}
      </span>
    </div>
  );
});
