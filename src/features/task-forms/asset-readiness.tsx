import { assetPhase, readinessFailures, type AssetPhase } from '@contract/asset';
import { Badge } from '@/components/ui/badge';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';

const VARIANT: Record<AssetPhase, 'success' | 'warning' | 'destructive' | 'outline'> = {
  ready: 'success',
  preparing: 'warning',
  failed: 'destructive',
  disabled: 'outline',
};

/**
 * Where a picked asset stands, by the specification's five readiness conditions: a badge, and
 * under it what is missing (while preparing) or the server's `sync_error` (failed), as text.
 */
export function AssetReadiness({ asset }: { asset: Asset }) {
  const { t } = useTranslation('task-forms');
  const phase = assetPhase(asset);
  const failing = readinessFailures(asset);
  return (
    <div className="flex flex-col gap-1" data-readiness={phase}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge variant={VARIANT[phase]}>{t(`readiness.${phase}`)}</Badge>
        <code className="font-mono text-muted-foreground">{asset.id}</code>
      </div>
      {phase === 'preparing' && (
        <p className="text-xs text-muted-foreground">
          {t('readiness.waiting', { fields: failing.join(', ') })}
        </p>
      )}
      {phase === 'failed' && (
        <p className="text-xs text-destructive">
          {asset.sync_error
            ? t('readiness.failedWith', { error: asset.sync_error })
            : t('readiness.failedHint')}
        </p>
      )}
      {phase === 'disabled' && <p className="text-xs text-muted-foreground">{t('readiness.disabledHint')}</p>}
    </div>
  );
}
