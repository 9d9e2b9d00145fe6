import { FileIcon, ImageIcon, Music, RefreshCw, Video } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { disabledReason, isDisabledAsset, readinessReasons } from '@/lib/readiness-words';
import { assetType, type AssetAvailability, type UnavailableReason } from './asset-availability';

interface PickerAssetRowProps {
  asset: Asset;
  availability: AssetAvailability;
  model: string;
  preparing: boolean;
  onPrepare: () => void;
  onPick: (asset: Asset) => void;
}

function Preview({ asset }: { asset: Asset }) {
  const type = assetType(asset);
  const url = asset.url || asset.oss_url || asset.source_url || '';
  const box = 'size-14 shrink-0 rounded-md bg-muted object-cover';
  if (url && type === 'image')
    return <img src={url} alt="" loading="lazy" decoding="async" className={box} />;
  if (url && type === 'video')
    return <video src={`${url}#t=0.1`} muted preload="metadata" aria-hidden="true" className={box} />;
  const Icon = type === 'audio' ? Music : type === 'video' ? Video : type === 'image' ? ImageIcon : FileIcon;
  return (
    <div className={`${box} flex items-center justify-center text-muted-foreground`}>
      <Icon aria-hidden="true" className="size-5" />
    </div>
  );
}

function useReasonText(asset: PickerAssetRowProps['asset']) {
  const { t } = useTranslation('composer');
  return (reason: UnavailableReason): string => {
    if (reason.code === 'failed' && isDisabledAsset(asset)) return disabledReason(asset.sync_error);
    switch (reason.code) {
      case 'wrongType':
        return t('picker.reason.wrongType', {
          typeNoun: t(`mediaNoun.${reason.type}`, { defaultValue: reason.type }),
          neededNoun: t(`mediaNoun.${reason.needed}`, { defaultValue: reason.needed }),
        });
      case 'notReady':
        return t('picker.reason.notReady', {
          fields: readinessReasons(reason.failures).join('; '),
        });
      case 'failed':
        return reason.syncError
          ? t('picker.reason.failedWith', { error: reason.syncError })
          : t('picker.reason.failed');
      case 'otherModel':
        return t(reason.remembered ? 'picker.reason.otherModelHere' : 'picker.reason.otherModel', {
          assetModel: reason.assetModel,
          model: reason.model,
        });
    }
  };
}

export function PickerAssetRow(props: PickerAssetRowProps) {
  const { asset, availability, model } = props;
  const { t } = useTranslation('composer');
  const reasonText = useReasonText(asset);
  const name = asset.name || asset.id;
  const reasonsId = `picker-reasons-${asset.id}`;
  return (
    <li
      className="flex items-center gap-3 rounded-md border p-2"
      data-usable={availability.usable}
      aria-label={name}
    >
      <Preview asset={asset} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="truncate text-sm font-medium">{name}</span>
          <Badge variant="muted">
            {t(`mediaType.${assetType(asset)}`, { defaultValue: assetType(asset) })}
          </Badge>
          <Badge
            variant="outline"
            className="font-mono"
            title={availability.known.source === 'browser' ? t('picker.modelHere') : undefined}
          >
            {availability.known.source === 'unknown'
              ? t('picker.modelUnknownBadge')
              : availability.known.source === 'browser'
                ? t('picker.modelHereBadge', { model: availability.known.model })
                : availability.known.model}
          </Badge>
          {availability.usable && <Badge variant="success">{t('picker.usable')}</Badge>}
        </div>
        {(availability.reasons.length > 0 || availability.warnings.length > 0) && (
          <ul id={reasonsId} className="list-disc pl-4 text-xs text-muted-foreground">
            {availability.reasons.map((r) => (
              <li key={r.code}>{reasonText(r)}</li>
            ))}
            {availability.warnings.map((w) => (
              <li key={w.code} className="text-foreground">
                {t('picker.warning.modelUnknown', { model: w.model })}
              </li>
            ))}
          </ul>
        )}
      </div>
      {availability.usable ? (
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <Button
            size="sm"
            onClick={() => props.onPick(asset)}
            aria-label={t('picker.useLabel', { name })}
            aria-describedby={availability.warnings.length > 0 ? reasonsId : undefined}
          >
            {t('picker.use')}
          </Button>
          {availability.canPrepare && (
            <Button
              size="sm"
              variant="ghost"
              disabled={props.preparing}
              onClick={props.onPrepare}
              aria-label={t('picker.prepareLabel', { name, model })}
            >
              {props.preparing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {t('picker.prepare')}
            </Button>
          )}
        </div>
      ) : availability.canPrepare ? (
        <Button
          size="sm"
          variant="outline"
          disabled={props.preparing}
          onClick={props.onPrepare}
          aria-label={t('picker.prepareLabel', { name, model })}
          aria-describedby={reasonsId}
        >
          {props.preparing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t('picker.prepare')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          disabled
          aria-describedby={reasonsId}
          aria-label={t('picker.useLabel', { name })}
        >
          {t('picker.use')}
        </Button>
      )}
    </li>
  );
}
