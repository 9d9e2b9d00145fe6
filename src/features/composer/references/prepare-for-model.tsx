import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { assetMutations } from '@/api/assets';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import type { PickedAsset, ReferenceDraft } from '@/lib/video-draft/draft';
import { pickedAssetFields } from '@/components/library-picker/picked-asset';

/**
 * Whether a deployment's refusal of a picked asset can be answered by preparing it for this model:
 * only when the asset is not known to be registered for this model already. A copy this browser
 * prepared for the model is known to be, so a refusal of it offers nothing more: no circle.
 */
export function canPrepareAfterRefusal(asset: PickedAsset | undefined, model: string): asset is PickedAsset {
  return !!asset?.sourceUrl && asset.model !== model;
}

/**
 * Registers the picked asset's media again for this model (readiness is per model) and puts the
 * copy into the reference; the row then follows the copy until it is ready.
 */
export function PrepareForModel({
  asset,
  reference,
  model,
  onChange,
}: {
  asset: PickedAsset;
  reference: ReferenceDraft;
  model: string;
  onChange: (change: Partial<Omit<ReferenceDraft, 'key'>>) => void;
}) {
  const { t } = useTranslation('composer');
  const queryClient = useQueryClient();
  const prepare = useMutation(assetMutations.registerByUrl(queryClient));
  const name = asset.name || asset.id;
  return (
    <Button
      size="sm"
      variant="outline"
      className="self-start"
      disabled={prepare.isPending}
      onClick={() =>
        prepare.mutate(
          {
            url: asset.sourceUrl!,
            model,
            mode: 'asset',
            type: asset.type,
            role: reference.role,
            group_id: asset.groupId,
            name: t('picker.copyName', { name, model }),
          },
          {
            onSuccess: (copy) => onChange(pickedAssetFields(copy)),
            onError: (error) => notifyError(error, t('picker.prepareFailed')),
          },
        )
      }
    >
      {prepare.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
      {t('references.prepareForModel', { model })}
    </Button>
  );
}
