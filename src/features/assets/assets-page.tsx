import { Link2, Images } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { Asset } from '@/api/assets';
import { AssetCollection } from './asset-collection';
import { AssetDetailSheet } from './asset-detail-sheet';
import { LibraryError } from './library-error';
import { LibraryPagination } from './library-pagination';
import { useLibrarySearch } from './library-search';
import { LibraryToolbar } from './library-toolbar';
import { RegisterAssetDialog } from './register-asset-dialog';
import { UploadDropzone } from './upload-dropzone';
import { useLibraryAssets } from './use-library-assets';

/** Search param that keeps the register dialog open across reloads (its draft is persisted too). */
const REGISTER_PARAM = 'register';

/** /assets and /assets/<asset_id>: the library of one group, with the asset detail as a sheet. */
export function AssetsPage() {
  const { t } = useTranslation('assets');
  const [search, update] = useLibrarySearch();
  const [params, setParams] = useSearchParams();
  const assetId = useParams()['*']?.split('/')[0] || undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const assets = useLibraryAssets(search);

  const openAsset = useCallback(
    (asset: Pick<Asset, 'id' | 'group_id'>) => {
      const next = new URLSearchParams(location.search);
      next.delete(REGISTER_PARAM);
      if (asset.group_id) next.set('group_id', asset.group_id);
      navigate({ pathname: `/assets/${encodeURIComponent(asset.id)}`, search: next.toString() });
    },
    [location.search, navigate],
  );
  const closeAsset = () => navigate({ pathname: '/assets', search: location.search });
  const registerOpen = params.get(REGISTER_PARAM) === '1';
  const setRegisterOpen = (open: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (open) next.set(REGISTER_PARAM, '1');
      else next.delete(REGISTER_PARAM);
      return next;
    });
  const filtered = Boolean(search.type || search.status || search.domain);

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setRegisterOpen(true)}>
          <Link2 aria-hidden /> {t('register.open')}
        </Button>
      </header>
      <UploadDropzone group={search.group} />
      <LibraryToolbar search={search} onChange={update} />
      {assets.isPending ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-60" />
          ))}
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : assets.error && assets.count === 0 ? (
        <LibraryError error={assets.error} onRetry={assets.refetch} />
      ) : assets.count === 0 && (assets.total ?? 0) > 0 && search.paging === 'pages' ? (
        // A shared link to page 9 of a group that has shrunk: say so instead of "no assets".
        <EmptyState
          icon={Images}
          title={t('empty.pastEndTitle')}
          description={t('empty.pastEndDescription', { total: assets.total })}
          action={<Button onClick={() => update({ page: 1 })}>{t('empty.firstPage')}</Button>}
        />
      ) : assets.count === 0 ? (
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
              <Button onClick={() => setRegisterOpen(true)}>{t('register.open')}</Button>
            )
          }
        />
      ) : (
        <>
          {assets.error ? <LibraryError error={assets.error} onRetry={assets.refetch} /> : null}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('summary', { count: assets.total ?? assets.count })}
          </p>
          <div className={assets.isFetching ? 'opacity-70 transition-opacity' : undefined}>
            <AssetCollection
              view={search.view}
              count={assets.count}
              getAsset={assets.getAsset}
              onOpen={openAsset}
              onRangeChange={assets.onRangeChange}
            />
          </div>
          {search.paging === 'pages' && (
            <LibraryPagination
              page={search.page}
              pageSize={search.pageSize}
              total={assets.total ?? 0}
              onPage={(page) => update({ page })}
            />
          )}
        </>
      )}
      <RegisterAssetDialog
        open={registerOpen}
        onOpenChange={setRegisterOpen}
        group={search.group}
        onRegistered={openAsset}
      />
      {assetId && <AssetDetailSheet assetId={assetId} group={search.group} onClose={closeAsset} />}
    </div>
  );
}
