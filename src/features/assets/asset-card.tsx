import { memo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { UnreadableItemNotice } from '@/components/unreadable-item';
import type { Asset } from '@/api/assets';
import { formatUnixTime } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { AssetPreview, playPreviewIn, stopPreviewIn } from './asset-preview';
import { formatBytes, formatDuration } from './format';
import { useImageSize } from './image-size';
import { ReadinessBadge } from './readiness-badge';
import { rovingProps } from './use-roving-grid';

export interface AssetItemProps {
  index: number;
  asset: Asset | undefined;
  onOpen: (asset: Asset) => void;
  locale: string;
  /** Which of the item's controls holds the collection's Tab stop (-1: none); use-roving-grid.ts. */
  tabbableSlot: number;
  /** Multi-select (library/use-asset-selection.ts); absent where items cannot be selected. */
  selected?: boolean;
  onSelect?: (index: number, shift: boolean) => void;
}

/** The item's selection checkbox, the third of its roving controls (after open and readiness). */
export function SelectBox({
  index,
  name,
  selected,
  onSelect,
  tabbableSlot,
  className,
}: {
  index: number;
  name: string;
  selected: boolean;
  onSelect: (index: number, shift: boolean) => void;
  tabbableSlot: number;
  className?: string;
}) {
  const { t } = useTranslation('assets');
  return (
    <input
      type="checkbox"
      {...rovingProps(index, 2, tabbableSlot)}
      checked={selected}
      // onClick, not onChange: the Shift key of the click is what makes a range.
      onClick={(e) => onSelect(index, e.shiftKey)}
      onChange={() => undefined}
      aria-label={t('selection.item', { name })}
      className={`size-4 cursor-pointer accent-primary ${className ?? ''}`}
    />
  );
}

/*
 * Memoised: while scrolling, the collection re-renders on every frame, but a card whose asset
 * object did not change (same query data) needs no work. Query data is structurally shared, so an
 * unchanged asset keeps its identity across refetches too.
 */
export const AssetCard = memo(function AssetCard({
  asset,
  onOpen,
  locale,
  index,
  tabbableSlot,
  selected = false,
  onSelect,
}: AssetItemProps) {
  const { t } = useTranslation('assets');
  const imageSize = useImageSize(
    asset?.type === 'image' ? asset.url || asset.oss_url || asset.source_url : undefined,
  );
  if (!asset) {
    return (
      <div role="listitem" aria-busy="true" className="h-60 rounded-md border p-2">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="mt-3 h-4 w-3/4" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (asset.unreadable) {
    return (
      <div role="listitem" className="h-60 overflow-auto rounded-md border border-destructive/40 p-2">
        <UnreadableItemNotice item={asset.unreadable} triggerProps={rovingProps(index, 0, tabbableSlot)} />
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
      className={`relative flex h-60 flex-col gap-2 rounded-md border p-2 hover:border-ring focus-within:border-ring ${
        selected ? 'border-primary ring-2 ring-primary' : ''
      }`}
    >
      <AssetPreview asset={asset} size="card" />
      {onSelect && (
        <span className="absolute left-3 top-3 z-10 flex rounded bg-background/90 p-1 shadow-sm">
          <SelectBox
            index={index}
            name={name}
            selected={selected}
            onSelect={onSelect}
            tabbableSlot={tabbableSlot}
          />
        </span>
      )}
      <div className="flex min-w-0 items-center justify-between gap-2">
        {/* The stretched ::after makes the whole card a click target without nesting controls. */}
        <button
          type="button"
          {...rovingProps(index, 0, tabbableSlot)}
          onClick={() => onOpen(asset)}
          className="min-w-0 truncate text-left text-sm font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-ring"
          aria-label={t('openDetails', { name })}
        >
          {name}
        </button>
        <div className="relative z-10 shrink-0">
          <ReadinessBadge asset={asset} focus={rovingProps(index, 1, tabbableSlot)} />
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground">
        {t(`type.${asset.type ?? 'file'}`, { defaultValue: asset.type })} · {formatBytes(asset.size, locale)}
        {(asset.type === 'video' || asset.type === 'audio') && asset.duration
          ? ` · ${formatDuration(asset.duration)}`
          : ''}
        {imageSize ? ` · ${imageSize}` : ''}
      </p>
      {/* Its own line: after the type and size, a date was cut to "Nov 27, …". */}
      <p className="text-xs text-muted-foreground">
        {asset.created_at ? (
          <time
            dateTime={new Date(asset.created_at * 1000).toISOString()}
            title={formatUnixTime(asset.created_at, locale, 'full')}
          >
            {formatUnixTime(asset.created_at, locale)}
          </time>
        ) : (
          '—'
        )}
      </p>
    </div>
  );
});
