import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { GroupOptions } from '@/components/group-options';
import { Pagination } from '@/components/pagination';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useRememberedAssetModels } from '@/api/asset-models';
import { assetMutations, assetQueries, type Asset } from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { lastGroup, rememberGroup } from '@/lib/last-group';
import { useTranslation } from '@/lib/i18n';
import { useAnsweredPageSize } from '@/components/use-answered-page-size';
import { notifyError } from '@/lib/notify';
import { assetAvailability, assetSourceUrl, assetType, roleMediaType } from './asset-availability';
import { PickerAssetRow } from './picker-asset-row';

export const PICKER_PAGE_SIZE = 24;

export interface AssetPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The role of the reference being filled: decides which media type fits. */
  referenceRole: string;
  model: string;
  onPick: (asset: Asset) => void;
}

/**
 * Picks a library asset for a reference. Offers only assets ready for the chosen model, says why
 * each other one is not (type, readiness fields, model), and can prepare one for this model by
 * registering the same media again by URL (readiness is per model; the original stays as it is):
 * the copy is put into the slot at once.
 */
export function AssetPickerDialog({
  open,
  onOpenChange,
  referenceRole: role,
  model,
  onPick,
}: AssetPickerDialogProps) {
  const { t } = useTranslation('composer');
  const id = useId();
  const queryClient = useQueryClient();
  const baseUrl = useBaseUrl();
  // Opens on the group the person last worked in, not always the default one.
  const [group, setGroup] = useState(() => lastGroup(baseUrl));
  const [page, setPage] = useState(1);
  const [onlyUsable, setOnlyUsable] = useState(false);
  // Only media the role takes (a reference-video slot lists videos); a deployment that ignores
  // the filter still gets each other type's row marked with why it does not fit.
  const listParams = { baseUrl, group, pageSize: PICKER_PAGE_SIZE, type: roleMediaType(role) };
  const list = useQuery({
    ...assetQueries.list({ ...listParams, page }),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  // A deployment may cap pages below 24: its last page is read by its page 1 (decision 215).
  const pageSize = useAnsweredPageSize(
    list.data,
    PICKER_PAGE_SIZE,
    assetQueries.list({ ...listParams, page: 1 }),
    open,
  );
  const prepare = useMutation(assetMutations.registerByUrl(queryClient));
  const remembered = useRememberedAssetModels();

  // An item the dashboard could not read cannot be picked; the library shows it with its raw JSON.
  const assets = (list.data?.data ?? []).filter((a) => !a.unreadable);
  const rows = assets
    .map((asset) => ({ asset, availability: assetAvailability(asset, role, model, remembered[asset.id]) }))
    .filter((r) => !onlyUsable || r.availability.usable);
  const total = list.data?.total ?? 0;

  function prepareFor(asset: Asset) {
    const url = assetSourceUrl(asset);
    if (!url) return;
    prepare.mutate(
      {
        url,
        model,
        mode: 'asset',
        type: assetType(asset),
        purpose: asset.purpose || role,
        role: role === 'first_frame' ? 'first_frame' : asset.role || role,
        group_id: group,
        name: asset.name ? t('picker.copyName', { name: asset.name, model }) : undefined,
      },
      {
        // The copy goes into the slot at once; the row shows it being prepared until it is ready.
        onSuccess: (copy) => {
          onPick(copy);
          onOpenChange(false);
        },
        onError: (error) => notifyError(error, t('picker.prepareFailed')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="3xl" layout="column">
        <DialogHeader>
          <DialogTitle>{t('picker.title', { role: t(`roles.${role}`, { defaultValue: role }) })}</DialogTitle>
          <DialogDescription>{t('picker.description', { model })}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex min-w-48 flex-col gap-1.5">
            <Label htmlFor={`${id}-group`}>{t('picker.group')}</Label>
            <Select
              id={`${id}-group`}
              value={group}
              onChange={(e) => {
                setGroup(e.target.value);
                rememberGroup(baseUrl, e.target.value);
                setPage(1);
              }}
            >
              <GroupOptions value={group} />
            </Select>
          </div>
          <div className="flex items-center gap-2 pb-2">
            <Checkbox
              id={`${id}-usable`}
              checked={onlyUsable}
              onCheckedChange={(v) => setOnlyUsable(v === true)}
            />
            <Label htmlFor={`${id}-usable`}>{t('picker.onlyUsable')}</Label>
          </div>
        </div>

        <div className="min-h-40 flex-1 overflow-y-auto">
          {list.isPending ? (
            <div className="flex items-center gap-2 p-4 text-sm text-muted-foreground" role="status">
              <Spinner /> {t('picker.loading')}
            </div>
          ) : list.error ? (
            <ErrorAlert
              error={list.error}
              title={t('picker.loadFailed')}
              onRetry={() => void list.refetch()}
              retryLabel={t('picker.retry')}
              className="m-4"
            />
          ) : rows.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">
              {assets.length === 0 ? t('picker.emptyGroup') : t('picker.noneUsable')}
            </p>
          ) : (
            <ul aria-label={t('picker.listLabel')} className="flex flex-col gap-2">
              {rows.map(({ asset, availability }) => (
                <PickerAssetRow
                  key={asset.id}
                  asset={asset}
                  availability={availability}
                  model={model}
                  preparing={prepare.isPending && prepare.variables?.url === assetSourceUrl(asset)}
                  onPrepare={() => prepareFor(asset)}
                  onPick={(picked) => {
                    onPick(picked);
                    onOpenChange(false);
                  }}
                />
              ))}
            </ul>
          )}
        </div>

        {total > pageSize && (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={total}
            onPage={setPage}
            label={t('picker.pagination')}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
