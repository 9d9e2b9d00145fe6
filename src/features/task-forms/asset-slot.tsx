import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { assetPhase, inferAssetType } from '@contract/asset';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import {
  assetKeys,
  assetQueries,
  invalidateAfterAssetCreated,
  uploadAssetFile,
  type Asset,
} from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { placedElsewhere } from '@/api/created-asset';
import { useTranslation } from '@/lib/i18n';
import { errorMessage } from '@/lib/notify';
import { AssetReadiness } from './asset-readiness';
import { isPublicResourceId } from './draft';
import { slotOptions } from './slot-options';
import { Field } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';

/** Enough for any group a person picks from by eye; more are reachable by pasting an id in re-run. */
const SLOT_PAGE_SIZE = 100;

export interface SlotSpec {
  /** The asset type the API needs, or undefined for any (the authorization record). */
  type?: 'image' | 'audio';
  purpose: 'digital_human_avatar' | 'digital_human_voice' | 'digital_human_authorization';
  accept: string;
}

/** The detail of an asset the draft names, re-queried with backoff until it settles (shared with the page). */
export function useAssetDetail(id: string, group: string) {
  return useQuery({ ...assetQueries.detail(id, group), enabled: !!id });
}

function optionLabel(asset: Asset, t: (key: string) => string): string {
  return `${asset.name || asset.id} · ${t(`readiness.${assetPhase(asset)}`)}`;
}

/**
 * One asset of the digital-human flow: the group's assets of the right type to pick from (those
 * registered for this purpose first), or a new upload registered with that purpose, followed until
 * it is ready.
 */
export function AssetSlot({
  id,
  label,
  hint,
  uploadLabel,
  spec,
  group,
  value,
  feedback,
  onChange,
  publicChoices,
}: {
  id: string;
  label: string;
  hint: string;
  uploadLabel: string;
  spec: SlotSpec;
  group: string;
  value: string;
  feedback?: FieldFeedback;
  onChange: (assetId: string) => void;
  /**
   * Public resources usable in this slot besides the group's assets (public avatars, decision 293);
   * with it, a value not of the asset id form is a public id pasted in.
   */
  publicChoices?: readonly { id: string; name: string }[] | null;
}) {
  const { t } = useTranslation('task-forms');
  const baseUrl = useBaseUrl();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent?: number } | null>(null);
  const [placedIn, setPlacedIn] = useState<string>();
  const list = useQuery(
    assetQueries.list({ baseUrl, group, type: spec.type, page: 1, pageSize: SLOT_PAGE_SIZE }),
  );
  const choices = publicChoices ?? [];
  const isPublic =
    choices.some((p) => p.id === value) || (publicChoices !== undefined && isPublicResourceId(value));
  // A public resource is no asset of the key: there is no detail to read and no readiness to follow.
  const selected = useAssetDetail(isPublic ? '' : value, group);
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadAssetFile(
        file,
        {
          type: spec.type ?? inferAssetType(file.type),
          purpose: spec.purpose,
          group_id: group,
          name: file.name,
        },
        {
          onUploadProgress: ({ loaded, total }) =>
            setProgress({ name: file.name, percent: total > 0 ? (loaded / total) * 100 : undefined }),
        },
      ),
    onMutate: (file) => setProgress({ name: file.name }),
    onSettled: () => setProgress(null),
    onSuccess: async (asset) => {
      setPlacedIn(placedElsewhere(group, asset));
      queryClient.setQueryData(assetKeys.detail(asset.id, group), asset);
      onChange(asset.id);
      await invalidateAfterAssetCreated(queryClient, asset.group_id ?? group, group);
    },
  });

  const options = slotOptions(list.data?.data ?? [], spec.purpose);
  const current = selected.data;
  const missing = value && !isPublic && !options.some((a) => a.id === value);

  return (
    <Field id={id} label={label} feedback={feedback} hint={hint}>
      {(props) => (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Select
              {...props}
              // Every slot of the flow is needed for the task to be created.
              aria-required="true"
              className="min-w-56 flex-1"
              value={value}
              onChange={(e) => onChange(e.target.value)}
            >
              <option value="">
                {list.isPending
                  ? t('slot.loading')
                  : options.length === 0
                    ? t('slot.none')
                    : t('slot.choose', { count: options.length })}
              </option>
              {missing && <option value={value}>{current ? optionLabel(current, t) : value}</option>}
              {options.map((asset) => (
                <option key={asset.id} value={asset.id}>
                  {optionLabel(asset, t)}
                </option>
              ))}
              {choices.length > 0 && (
                <optgroup label={t('slot.publicGroup')}>
                  {choices.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
            <input
              ref={fileInput}
              type="file"
              accept={spec.accept}
              className="sr-only"
              tabIndex={-1}
              // Reached through the upload button beside it: hidden from assistive technology so
              // the form does not name two upload controls.
              aria-hidden="true"
              aria-label={uploadLabel}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file);
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden="true" /> {uploadLabel}
            </Button>
          </div>
          {progress && (
            <Progress value={progress.percent} label={t('slot.uploading', { name: progress.name })} />
          )}
          {upload.error && (
            <p role="alert" className="text-xs text-destructive">
              {t('slot.uploadFailed', { error: errorMessage(upload.error) })}
            </p>
          )}
          {placedIn && (
            <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
              {t('slot.placedElsewhere', { group: placedIn, asked: group })}
            </p>
          )}
          {list.error && (
            <p role="alert" className="text-xs text-destructive">
              {t('slot.listFailed', { error: errorMessage(list.error) })}
            </p>
          )}
          <div aria-live="polite">
            {isPublic && <p className="text-xs text-muted-foreground">{t('slot.publicPicked')}</p>}
            {value && current && <AssetReadiness asset={current} />}
            {value && selected.error && (
              <p className="text-xs text-destructive">
                {t('slot.detailFailed', { id: value, error: errorMessage(selected.error) })}
              </p>
            )}
          </div>
        </div>
      )}
    </Field>
  );
}
