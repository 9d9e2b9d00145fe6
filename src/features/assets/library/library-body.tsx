import { Images } from 'lucide-react';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { LazyErrorAlert } from '@/components/lazy-error-alert';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { knownErrorKind } from '@/lib/error-kind';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { AssetCollection } from '../asset-collection';
import type { LibrarySearch } from './library-search';
import type { LibraryAssets } from './use-library-assets';

interface LibraryBodyProps {
  search: LibrarySearch;
  assets: LibraryAssets;
  update: (patch: Partial<LibrarySearch>) => void;
  onOpen: (asset: Asset) => void;
  /** The empty library's call to action: register the first asset. */
  registerButton: React.ReactNode;
  /** Height of the sticky filter bar: the table header sticks just below it. */
  stickyOffset: number;
  /** Pointing at or tabbing into the assets is the intent to open one: the sheet's code is fetched. */
  onIntent: () => void;
  isSelected: (id: string) => boolean;
  onSelect: (index: number, shift: boolean) => void;
}

/** The library below its filters: loading, an error, an empty state, or the assets and their paging. */
export function LibraryBody({
  search,
  assets,
  update,
  onOpen,
  registerButton,
  stickyOffset,
  onIntent,
  isSelected,
  onSelect,
}: LibraryBodyProps) {
  const { t } = useTranslation('assets');
  const filtered = Boolean(search.type || search.status || search.domain);
  const groupMissing = knownErrorKind(assets.error) === 'groupNotFound';
  const error = assets.error ? (
    <LazyErrorAlert
      error={assets.error}
      title={t('error.title')}
      // The library's own words: a missing group also takes no uploads.
      description={groupMissing ? t('error.groupNotFound.description') : undefined}
      onRetry={assets.refetch}
      actions={
        groupMissing ? (
          <Button size="sm" onClick={() => update({ group: DEFAULT_GROUP_ID })}>
            {t('error.switchToDefault')}
          </Button>
        ) : undefined
      }
    />
  ) : null;

  if (assets.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-60" />
        ))}
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (assets.error && assets.count === 0) return error;
  if (assets.count === 0 && (assets.total ?? 0) > 0 && search.paging === 'pages') {
    // A shared link to page 9 of a group that has shrunk: say so instead of "no assets".
    return (
      <EmptyState
        icon={Images}
        title={t('empty.pastEndTitle')}
        description={t('empty.pastEndDescription', { total: assets.total })}
        action={<Button onClick={() => update({ page: 1 })}>{t('empty.firstPage')}</Button>}
      />
    );
  }
  if (assets.count === 0) {
    return (
      <EmptyState
        icon={Images}
        title={filtered ? t('empty.filteredTitle') : t('empty.title')}
        description={filtered ? t('empty.filteredDescription') : t('empty.description')}
        action={
          filtered ? (
            <Button variant="outline" onClick={() => update({ type: '', status: '', domain: '' })}>
              {t('empty.clearFilters')}
            </Button>
          ) : (
            registerButton
          )
        }
      />
    );
  }
  return (
    <>
      {error}
      <div
        className={assets.isFetching ? 'opacity-70 transition-opacity' : undefined}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <AssetCollection
          view={search.view}
          count={assets.count}
          getAsset={assets.getAsset}
          onOpen={onOpen}
          onRangeChange={assets.onRangeChange}
          stickyOffset={stickyOffset}
          isSelected={isSelected}
          onSelect={onSelect}
        />
      </div>
      {search.paging === 'pages' && (
        // Docked at the window's foot where no thumbnail shows beneath it while the upload tray
        // shows (upload-list.tsx sets the variables): beside the tray, or on it with the band under
        // the tray filled by the padding.
        <div className="sticky bottom-0 z-20 -mx-4 border-t bg-background/95 px-4 pt-2 pb-[var(--tray-pad,.5rem)] backdrop-blur lg:-mx-8 lg:px-8">
          <Pagination
            page={search.page}
            pageSize={assets.pageSize}
            total={assets.total ?? 0}
            onPage={(page) => update({ page })}
            showRange
            className="me-[var(--tray-side,0)]"
          />
        </div>
      )}
    </>
  );
}
