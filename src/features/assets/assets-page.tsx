import { useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { isApiRequestError } from '@/api/api-client';
import { assetQueries, type Asset } from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { useTranslation } from '@/lib/i18n';
import { lastGroup, rememberGroup } from '@/lib/last-group';
import { useUrlDialog } from '@/lib/use-url-dialog';
import { AssetDetailSheet, RegisterAssetDialog } from './lazy-parts';
import { LibraryBody } from './library/library-body';
import { LibraryDropTarget } from './library/library-drop-target';
import { useLibrarySearch } from './library/use-library-search';
import { LibraryToolbar } from './library/library-toolbar';
import { SelectionBar } from './library/selection-bar';
import { useAssetSelection } from './library/use-asset-selection';
import { UploadDropzone } from './upload/upload-dropzone';
import { useElementHeight } from './use-element-width';
import { useLibraryAssets } from './library/use-library-assets';
import { usePaintedAfter } from './library/use-painted-after';

export { prefetchLibrary } from './library/use-library-assets';

/** Search param that keeps the register dialog open across reloads (its draft is persisted too). */
const REGISTER_PARAM = 'register';

/** /assets and /assets/<asset_id>: the library of one group, with the asset detail as a sheet. */
export function AssetsPage() {
  const { t } = useTranslation('assets');
  const [search, update] = useLibrarySearch();
  const location = useLocation();
  const assets = useLibraryAssets(search);
  const selection = useAssetSelection(assets.getAsset);
  const clearSelection = selection.clear;
  const baseUrl = useBaseUrl();
  useEffect(() => {
    // The composer's picker and the copy dialog open on the group the person last worked in.
    rememberGroup(baseUrl, search.group);
    // A selection belongs to the group it was made in.
    clearSelection();
  }, [baseUrl, search.group, clearSelection]);
  const pageAssets = () =>
    Array.from({ length: assets.count }, (_, i) => assets.getAsset(i)).filter((a): a is Asset => Boolean(a));
  // The groups (the switcher's options, the drop overlay's name) are not part of the data's paint,
  // the LCP on a slow link: they are asked for once it is on screen (decision 247).
  const loadGroups = usePaintedAfter(!assets.isPending);
  const queryClient = useQueryClient();
  const register = useUrlDialog({ param: REGISTER_PARAM });
  const sheet = useUrlDialog({ basePath: '/assets' });
  const assetId = sheet.value;

  const openSheet = sheet.open;
  const openAsset = useCallback(
    (asset: Pick<Asset, 'id' | 'group_id'>) => {
      const next = new URLSearchParams(location.search);
      next.delete(REGISTER_PARAM);
      if (asset.group_id) next.set('group_id', asset.group_id);
      openSheet(asset.id, next);
    },
    [location.search, openSheet],
  );
  useEffect(() => {
    // A successful registration opens the new asset's sheet: have its code ready by then.
    if (register.isOpen) AssetDetailSheet.preload();
  }, [register.isOpen]);
  useEffect(() => {
    // A deep link to an asset: fetch its detail alongside the sheet's code, not after it.
    if (assetId) void queryClient.prefetchQuery(assetQueries.detail(assetId, search.group));
  }, [assetId, search.group, queryClient]);
  const stickyRef = useRef<HTMLDivElement>(null);
  const stickyHeight = useElementHeight(stickyRef);
  // A group that does not exist takes no uploads: no drop zone that could only fail.
  const groupMissing = isApiRequestError(assets.error) && assets.error.code === 'group_not_found';
  const registerButton = (
    <Button
      onClick={() => register.open()}
      onPointerEnter={RegisterAssetDialog.preload}
      onFocus={RegisterAssetDialog.preload}
    >
      <Link2 aria-hidden /> {t('register.open')}
    </Button>
  );

  return (
    <LibraryDropTarget group={search.group} enabled={!groupMissing}>
      <div className="space-y-5">
        <PageHeader title={t('title')} description={t('subtitle')} actions={registerButton} />
        {!groupMissing && <UploadDropzone group={search.group} />}
        {/* Filters and the count stay in view while the page scrolls (the page is the one scroller);
          not on a phone, where the wrapped filters would cover half the screen. */}
        <div
          ref={stickyRef}
          className="-mx-4 space-y-2 border-b bg-background/95 px-4 py-2 backdrop-blur md:sticky md:top-0 md:z-20 lg:-mx-8 lg:px-8"
        >
          <LibraryToolbar search={search} onChange={update} loadGroups={loadGroups} />
          {assets.count > 0 && (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('summary', { count: assets.total ?? assets.count })}
              </p>
              <SelectionBar
                selection={selection}
                pageAssets={pageAssets}
                group={search.group}
                targetGroup={lastGroup(baseUrl)}
                onOpenGroup={(group) => update({ group })}
              />
            </div>
          )}
        </div>
        <LibraryBody
          search={search}
          assets={assets}
          update={update}
          onOpen={openAsset}
          registerButton={registerButton}
          stickyOffset={stickyHeight}
          onIntent={AssetDetailSheet.preload}
          isSelected={selection.isSelected}
          onSelect={selection.toggle}
        />
        {register.everOpened && (
          <Suspense fallback={register.isOpen ? <DialogFallback label={t('loading')} /> : null}>
            <RegisterAssetDialog
              open={register.isOpen}
              onOpenChange={register.onOpenChange}
              group={search.group}
              onRegistered={openAsset}
            />
          </Suspense>
        )}
        {assetId && (
          <Suspense fallback={<DialogFallback side="right" label={t('loading')} />}>
            <AssetDetailSheet assetId={assetId} group={search.group} onClose={sheet.close} />
          </Suspense>
        )}
      </div>
    </LibraryDropTarget>
  );
}
