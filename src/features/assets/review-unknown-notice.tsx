import { useEffect, useState } from 'react';
import { reviewUnknownPatienceMs } from '@contract/asset';
import { Button } from '@/components/ui/button';
import type { Asset } from '@/api/assets';
import { createdOnOurClock } from '@/api/asset-poll-policy';
import { useTranslation } from '@/lib/i18n';

/**
 * An asset ready in every way but its review, which the deployment reports as `unknown`: says
 * what is unknown, and once the automatic checks have stopped (src/api/assets.ts, the same
 * patience from the same clock) offers one more look.
 */
export function ReviewUnknownNotice({
  asset,
  onCheckAgain,
  checking,
}: {
  asset: Asset;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const { t } = useTranslation('asset-detail');
  const patience = reviewUnknownPatienceMs(asset.type);
  const [createdAt] = useState(() => createdOnOurClock(asset, Date.now()));
  const [stopped, setStopped] = useState(() => Date.now() - createdAt >= patience);
  useEffect(() => {
    if (stopped) return;
    const timer = setTimeout(() => setStopped(true), createdAt + patience - Date.now());
    return () => clearTimeout(timer);
  }, [createdAt, patience, stopped]);
  return (
    <div role="status" className="space-y-2 rounded-md border border-warning/40 bg-warning/5 p-3 text-sm">
      <p className="font-medium">{t('reviewUnknown.title')}</p>
      <p>
        {stopped
          ? t('reviewUnknown.stopped', { seconds: Math.round(patience / 1000) })
          : t('reviewUnknown.waiting')}
      </p>
      {stopped && (
        <Button variant="outline" size="sm" onClick={onCheckAgain} disabled={checking}>
          {t('reviewUnknown.checkAgain')}
        </Button>
      )}
    </div>
  );
}
