import { useQueryClient } from '@tanstack/react-query';
import { Link2, Images } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { isApiRequestError } from '@/api/api-client';
import { assetQueries, type Asset } from '@/api/assets';
import { AssetCollection } from './asset-collection';
import { LibraryDropTarget } from './library-drop-target';
import { LibraryError } from './library-error';
import { LibraryPagination } from './library-pagination';
import { useLibrarySearch } from './library-search';
import { LibraryToolbar } from './library-toolbar';
import { UploadDropzone } from './upload-dropzone';
import { useElementHeight } from './use-element-width';
import { useLibraryAssets } from './use-library-assets';
import { useReturnFocus } from './use-return-focus';

// The register dialog (with full zod for its form check) and the detail sheet (with Radix Dialog)
// are their own chunks: the library's first render needs neither. Each is fetched when the person
// shows intent (hovers or focuses what opens it), or when a deep link opens it.
const RegisterAssetDialog = lazyWithPreload(() =>
  import('./register-asset-dialog').then((m) => m.RegisterAssetDialog),
);
const AssetDetailSheet = lazyWithPreload(() =>
  import('./asset-detail-sheet').then((m) => m.AssetDetailSheet),
);

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
  const queryClient = useQueryClient();

  const focus = useReturnFocus();
  const openAsset = useCallback(
    (asset: Pick<Asset, 'id' | 'group_id'>) => {
      focus.remember();
      const next = new URLSearchParams(location.search);
      next.delete(REGISTER_PARAM);
      if (asset.group_id) next.set('group_id', asset.group_id);
      navigate({ pathname: `/assets/${encodeURIComponent(asset.id)}`, search: next.toString() });
    },
    [location.search, navigate, focus],
  );
  const closeAsset = () => {
    navigate({ pathname: '/assets', search: location.search });
    focus.restore();
  };
  const registerOpen = params.get(REGISTER_PARAM) === '1';
  // Mounted from its first opening on, as when it was eager: a registration still pending when the
  // dialog closes still clears the draft and opens the new asset.
  const [registerMounted, setRegisterMounted] = useState(registerOpen);
  if (registerOpen && !registerMounted) setRegisterMounted(true);
  const setRegisterOpen = (open: boolean) => {
    if (open) focus.remember();
    else focus.restore();
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (open) next.set(REGISTER_PARAM, '1');
      else next.delete(REGISTER_PARAM);
      return next;
    });
  };
  useEffect(() => {
    // A successful registration opens the new asset's sheet: have its code ready by then.
    if (registerOpen) AssetDetailSheet.preload();
  }, [registerOpen]);
  useEffect(() => {
    // A deep link to an asset: fetch its detail alongside the sheet's code, not after it.
    if (assetId) void queryClient.prefetchQuery(assetQueries.detail(assetId, search.group));
  }, [assetId, search.group, queryClient]);
  const filtered = Boolean(search.type || search.status || search.domain);
  const stickyRef = useRef<HTMLDivElement>(null);
  const stickyHeight = useElementHeight(stickyRef);
  // A group that does not exist takes no uploads: no drop zone that could only fail.
  const groupMissing = isApiRequestError(assets.error) && assets.error.code === 'group_not_found';

  return (
    <LibraryDropTarget group={search.group} enabled={!groupMissing}>
      <div className="space-y-5">
        <PageHeader
          title={t('title')}
          description={t('subtitle')}
          actions={
            <Button
              onClick={() => setRegisterOpen(true)}
              onPointerEnter={RegisterAssetDialog.preload}
              onFocus={RegisterAssetDialog.preload}
            >
              <Link2 aria-hidden /> {t('register.open')}
            </Button>
          }
        />
        {!groupMissing && <UploadDropzone group={search.group} />}
        {/* Filters and the count stay in view while the page scrolls (the page is the one scroller);
          not on a phone, where the wrapped filters would cover half the screen. */}
        <div
          ref={stickyRef}
          className="-mx-4 space-y-2 border-b bg-background/95 px-4 py-2 backdrop-blur md:sticky md:top-0 md:z-20 lg:-mx-8 lg:px-8"
        >
          <LibraryToolbar search={search} onChange={update} />
          {assets.count > 0 && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('summary', { count: assets.total ?? assets.count })}
            </p>
          )}
        </div>
        {assets.isPending ? (
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-60" />
            ))}
            <span className="sr-only">{t('loading')}</span>
          </div>
        ) : assets.error && assets.count === 0 ? (
          <LibraryError
            error={assets.error}
            onRetry={assets.refetch}
            onDefaultGroup={() => update({ group: DEFAULT_GROUP_ID })}
          />
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
                <Button
                  onClick={() => setRegisterOpen(true)}
                  onPointerEnter={RegisterAssetDialog.preload}
                  onFocus={RegisterAssetDialog.preload}
                >
                  {t('register.open')}
                </Button>
              )
            }
          />
        ) : (
          <>
            {assets.error ? (
              <LibraryError
                error={assets.error}
                onRetry={assets.refetch}
                onDefaultGroup={() => update({ group: DEFAULT_GROUP_ID })}
              />
            ) : null}
            {/* Pointing at or tabbing into the assets is the intent to open one: fetch the sheet. */}
            <div
              className={assets.isFetching ? 'opacity-70 transition-opacity' : undefined}
              onPointerEnter={AssetDetailSheet.preload}
              onFocus={AssetDetailSheet.preload}
            >
              <AssetCollection
                view={search.view}
                count={assets.count}
                getAsset={assets.getAsset}
                onOpen={openAsset}
                onRangeChange={assets.onRangeChange}
                stickyOffset={stickyHeight}
              />
            </div>
            {search.paging === 'pages' && (
              <div className="sticky bottom-0 z-20 -mx-4 border-t bg-background/95 px-4 py-2 backdrop-blur lg:-mx-8 lg:px-8">
                <LibraryPagination
                  page={search.page}
                  pageSize={search.pageSize}
                  total={assets.total ?? 0}
                  onPage={(page) => update({ page })}
                />
              </div>
            )}
          </>
        )}
        {registerMounted && (
          <Suspense fallback={registerOpen ? <DialogFallback label={t('loading')} /> : null}>
            <RegisterAssetDialog
              open={registerOpen}
              onOpenChange={setRegisterOpen}
              group={search.group}
              onRegistered={openAsset}
            />
          </Suspense>
        )}
        {assetId && (
          <Suspense fallback={<DialogFallback side="right" label={t('loading')} />}>
            <AssetDetailSheet assetId={assetId} group={search.group} onClose={closeAsset} />
          </Suspense>
        )}
      </div>
    </LibraryDropTarget>
  );
}
