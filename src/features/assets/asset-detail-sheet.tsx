import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { assetReference, readinessFailures, READINESS_CONDITIONS } from '@contract/asset';
import { ErrorAlert } from '@/components/error-alert';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/api/api-client';
import { assetQueries, isPreparing, type Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { AssetPreview } from './asset-preview';
import { AssetFields } from './asset-fields';
import { ReadinessBadge } from './readiness-badge';
import { readinessLabel, reviewPassedButNotReady } from './readiness';
import { ReviewUnknownNotice } from './review-unknown-notice';

// Its own strings first (loaded with its code, assets-page.tsx); the library's (types, readiness) after.
const DETAIL_NAMESPACES = ['asset-detail', 'assets'];

interface DetailProps {
  assetId: string;
  group: string;
  onClose: () => void;
}

/** The asset's detail as a side sheet; its URL is /assets/<asset_id>?group_id=… (shareable). */
export function AssetDetailSheet({ assetId, group, onClose }: DetailProps) {
  const { t } = useTranslation(DETAIL_NAMESPACES);
  const query = useQuery(assetQueries.detail(assetId, group));
  const asset = query.data;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{asset?.name || assetId}</SheetTitle>
          <SheetDescription className="font-mono">{assetId}</SheetDescription>
        </SheetHeader>
        {query.isPending && (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-6 w-1/2" />
            <span className="sr-only">{t('loading')}</span>
          </div>
        )}
        {query.isError && (
          <DetailError error={query.error} group={group} onRetry={() => void query.refetch()} />
        )}
        {asset && (
          <AssetDetailBody
            asset={asset}
            onCheckAgain={() => void query.refetch()}
            checking={query.isFetching}
          />
        )}
      </SheetContent>
    </Sheet>
  );
}

function DetailError({ error, group, onRetry }: { error: unknown; group: string; onRetry: () => void }) {
  const { t } = useTranslation(DETAIL_NAMESPACES);
  const notFound = isApiRequestError(error) && error.status === 404;
  return (
    <ErrorAlert
      error={error}
      title={notFound ? t('detail.notFound') : t('detail.loadFailed')}
      description={notFound ? t('detail.notFoundHint', { group }) : undefined}
      explainKnown={!notFound}
      // The server's message says what to do; for a not-found it names the asset's real group.
      detailsOpen={notFound}
      onRetry={notFound ? undefined : onRetry}
    />
  );
}

function AssetDetailBody({
  asset,
  onCheckAgain,
  checking,
}: {
  asset: Asset;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const { t } = useTranslation(DETAIL_NAMESPACES);
  const reference = asset.reference || asset.asset_ref || assetReference(asset.id);
  const failures = new Set(readinessFailures(asset));
  const label = readinessLabel(asset);
  return (
    <div className="space-y-5">
      <AssetPreview asset={asset} size="detail" />
      <section className="space-y-2" aria-labelledby="asset-readiness">
        <div className="flex items-center gap-2">
          <h3 id="asset-readiness" className="text-sm font-semibold">
            {t('detail.readiness')}
          </h3>
          <ReadinessBadge asset={asset} />
          {isPreparing(asset) && label !== 'review_unknown' && (
            <span className="text-xs text-muted-foreground">{t('detail.polling')}</span>
          )}
        </div>
        <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          {READINESS_CONDITIONS.map((c) => (
            <li key={c} className="flex items-center gap-1.5">
              {failures.has(c) ? (
                <XCircle aria-hidden className="size-4 text-destructive" />
              ) : (
                <CheckCircle2 aria-hidden className="size-4 text-success" />
              )}
              <span className="font-mono text-xs">
                {c} = {String(asset[c] ?? '—')}
              </span>
              <span className="sr-only">
                {failures.has(c) ? t('detail.conditionFails') : t('detail.conditionHolds')}
              </span>
            </li>
          ))}
        </ul>
        {label === 'review_unknown' && (
          <ReviewUnknownNotice asset={asset} onCheckAgain={onCheckAgain} checking={checking} />
        )}
        {reviewPassedButNotReady(asset) && (
          <p className="text-sm font-medium" data-testid="review-passed-not-ready">
            {t('readiness.reviewPassedNotReady')}
          </p>
        )}
        {(label === 'failed' || label === 'review_failed' || label === 'disabled' || asset.sync_error) && (
          <div
            role="alert"
            className="space-y-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            {asset.sync_error && (
              <p>
                <span className="font-medium">{t('detail.syncError')}:</span>{' '}
                <span data-testid="sync-error">{asset.sync_error}</span>
              </p>
            )}
            <p data-testid="readiness-remedy">
              {label === 'disabled'
                ? t('detail.remedyDisabled')
                : label === 'review_failed'
                  ? t('detail.remedyReview')
                  : reviewPassedButNotReady(asset)
                    ? // Refused after review (content policy): no URL or retry fixes that media.
                      t('detail.remedyRefused')
                    : asset.source_url
                      ? t('detail.remedyPreparation')
                      : // An uploaded file has no URL to make reachable.
                        t('detail.remedyUpload')}
            </p>
          </div>
        )}
      </section>
      <section className="space-y-1" aria-label={t('detail.identifiers')}>
        <CopyRow label={t('fields.id')} value={asset.id} copyLabel={t('copy.id')} />
        <CopyRow label={t('fields.reference')} value={reference} copyLabel={t('copy.reference')} />
        {asset.request_id && (
          <CopyRow label={t('fields.request_id')} value={asset.request_id} copyLabel={t('copy.requestId')} />
        )}
        {asset.trace_id && (
          <CopyRow label={t('fields.trace_id')} value={asset.trace_id} copyLabel={t('copy.traceId')} />
        )}
      </section>
      <AssetFields asset={asset} />
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">{t('detail.raw')}</h3>
        <JsonView value={asset} label={t('detail.raw')} />
      </section>
    </div>
  );
}

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="w-28 shrink-0 text-muted-foreground">{label}</span>
      <code className="min-w-0 flex-1 truncate font-mono text-xs">{value}</code>
      <CopyButton value={value} aria-label={copyLabel} />
    </div>
  );
}
