import { ChevronDown, ChevronRight, CircleCheck, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from './format';
import type { UploadItem } from './upload-queue';
import { uploadQueueActions, useUploadItems } from './use-upload-queue';

/**
 * Uploads in progress, and those that need a decision (failed, cancelled), stay in view; finished
 * ones fold into one line that can be expanded, so that the library stays in view after a drop.
 */
export function UploadList() {
  const { t } = useTranslation('assets');
  const items = useUploadItems();
  const [showDone, setShowDone] = useState(false);
  const doneListId = useId();
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === 'succeeded');
  const open = items.filter((i) => i.status !== 'succeeded');
  const finished = items.some((i) => i.status !== 'queued' && i.status !== 'uploading');
  const title = t('upload.queueTitle', { count: items.length });
  return (
    <section className="space-y-2" aria-label={title}>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium">{title}</h3>
        {finished && (
          <Button variant="ghost" size="sm" onClick={uploadQueueActions.clearFinished}>
            {t('upload.clearFinished')}
          </Button>
        )}
      </div>
      {open.length > 0 && (
        <ul className="space-y-2" aria-label={t('upload.openTitle')}>
          {open.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <div className="rounded-md border text-sm">
          <button
            type="button"
            className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-expanded={showDone}
            aria-controls={doneListId}
            onClick={() => setShowDone((v) => !v)}
          >
            {showDone ? (
              <ChevronDown aria-hidden className="size-4" />
            ) : (
              <ChevronRight aria-hidden className="size-4" />
            )}
            <CircleCheck aria-hidden className="size-4 text-success" />
            <span>{t('upload.doneSummary', { count: done.length })}</span>
          </button>
          {showDone && (
            <ul id={doneListId} className="space-y-2 p-2 pt-0" aria-label={t('upload.doneTitle')}>
              {done.map((item) => (
                <UploadRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation('assets');
  const percent = item.total > 0 ? (item.loaded / item.total) * 100 : undefined;
  const name = item.file.name;
  return (
    <li className="rounded-md border p-2 text-sm" data-upload-status={item.status}>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium">{name}</span>
        <span className="shrink-0 text-xs text-muted-foreground">
          {t(`upload.status.${item.status}`)} · {formatBytes(item.loaded, i18n.language)} /{' '}
          {formatBytes(item.total, i18n.language)}
        </span>
        <div className="flex shrink-0 gap-1">
          {(item.status === 'queued' || item.status === 'uploading') && (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('upload.cancel', { name })}
              onClick={() => uploadQueueActions.cancel(item.id)}
            >
              <X aria-hidden />
            </Button>
          )}
          {(item.status === 'failed' || item.status === 'cancelled') && (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('upload.retry', { name })}
              onClick={() => uploadQueueActions.retry(item.id)}
            >
              <RotateCcw aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <Progress
        className="mt-2"
        label={t('upload.progress', { name })}
        value={
          item.status === 'succeeded'
            ? 100
            : item.status === 'uploading'
              ? percent
              : item.status === 'queued'
                ? 0
                : percent
        }
      />
      {item.error && (
        <p role="alert" className="mt-1 text-xs text-destructive">
          {item.error.message}
          {item.error.requestId && ` (${t('requestId')}: ${item.error.requestId})`}
        </p>
      )}
      {item.assetId && <p className="mt-1 font-mono text-xs text-muted-foreground">{item.assetId}</p>}
    </li>
  );
}
