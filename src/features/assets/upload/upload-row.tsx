import { useQuery } from '@tanstack/react-query';
import { RotateCcw, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { assetQueries } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { formatBytes } from '../format';
import { readinessLabel } from '../readiness';
import type { UploadItem } from './upload-queue';
import { uploadQueueActions } from './use-upload-queue';

const READINESS_VARIANT = {
  ready: 'success',
  preparing: 'warning',
  failed: 'destructive',
  review_failed: 'destructive',
  review_unknown: 'warning',
  // Uploaded but unusable: never the neutral look of a state that needs nothing (issue 43 §4).
  disabled: 'destructive',
} as const;

/** Labels of an uploaded asset that no task can use: its row says so, and why. */
export const UNUSABLE_READINESS: ReadonlySet<string> = new Set(['disabled', 'failed', 'review_failed']);

/** The uploaded asset's readiness, re-queried by its id while it prepares (the detail query). */
function UploadReadiness({ assetId, group }: { assetId: string; group: string }) {
  const { t } = useTranslation('assets');
  const { data } = useQuery(assetQueries.detail(assetId, group));
  if (!data) return null;
  const label = readinessLabel(data);
  return (
    <Badge variant={READINESS_VARIANT[label]} data-upload-readiness={label}>
      {t(`readiness.${label}`)}
    </Badge>
  );
}

/** Why an uploaded asset cannot be used: what the label means, and the service's own reason. */
function UnusableReason({ assetId, group }: { assetId: string; group: string }) {
  const { t } = useTranslation('upload');
  const { data } = useQuery(assetQueries.detail(assetId, group));
  if (!data) return null;
  const label = readinessLabel(data);
  if (!UNUSABLE_READINESS.has(label)) return null;
  const reason = typeof data.sync_error === 'string' && data.sync_error.trim() ? data.sync_error.trim() : '';
  return (
    <p className="mt-1 text-xs text-destructive">
      {t(`unusable.${label}`)}
      {reason && ` ${t('unusable.reason', { reason })}`}
    </p>
  );
}

/** One file in the tray: its progress, cancel or retry, and once uploaded its asset's readiness. */
export function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation(['upload', 'assets']);
  const percent = item.total > 0 ? (item.loaded / item.total) * 100 : undefined;
  const name = item.file.name;
  const action =
    item.status === 'queued' || item.status === 'uploading'
      ? 'cancel'
      : item.status === 'failed' || item.status === 'cancelled'
        ? 'retry'
        : undefined;
  return (
    <li className="rounded-md border p-2 text-sm" data-upload-status={item.status}>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium">{name}</span>
        <span className="shrink-0 text-xs text-muted-foreground">
          {t(`status.${item.status}`)} · {formatBytes(item.loaded, i18n.language)} /{' '}
          {formatBytes(item.total, i18n.language)}
        </span>
        {/* One button that turns from cancel into retry and back, so focus stays on it. */}
        {action && (
          <Button
            key="action"
            variant="ghost"
            size="icon-sm"
            aria-label={t(action, { name })}
            onClick={() => uploadQueueActions[action](item.id)}
          >
            {action === 'cancel' ? <X aria-hidden /> : <RotateCcw aria-hidden />}
          </Button>
        )}
      </div>
      {/* A failed or cancelled file has no progress to show: a bar stopped part-way would read as stuck. */}
      {item.status !== 'failed' && item.status !== 'cancelled' && (
        <Progress
          className="mt-2"
          label={t('progress', { name })}
          value={item.status === 'succeeded' ? 100 : item.status === 'queued' ? 0 : percent}
        />
      )}
      {item.error && (
        <p role="alert" className="mt-1 text-xs text-destructive">
          {item.error.message}
          {item.error.requestId && ` (${t('requestId')}: ${item.error.requestId})`}
        </p>
      )}
      {item.assetId && (
        <div className="mt-1 flex items-center justify-between gap-2">
          <span className="truncate font-mono text-xs text-muted-foreground">{item.assetId}</span>
          <UploadReadiness assetId={item.assetId} group={item.placedIn ?? item.fields.group_id ?? ''} />
        </div>
      )}
      {item.assetId && (
        <UnusableReason assetId={item.assetId} group={item.placedIn ?? item.fields.group_id ?? ''} />
      )}
      {item.placedIn && (
        <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
          {t('placedElsewhere', { group: item.placedIn, asked: item.fields.group_id })}
        </p>
      )}
    </li>
  );
}
