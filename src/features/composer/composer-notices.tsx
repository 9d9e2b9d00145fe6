import { Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import type { useLoadFromTask } from './use-load-from-task';

function Banner({
  children,
  onUndo,
  onDismiss,
  tone = 'info',
}: {
  children: ReactNode;
  onUndo?: () => void;
  onDismiss: () => void;
  tone?: 'info' | 'error';
}) {
  const { t } = useTranslation('composer');
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm ${tone === 'error' ? 'border-destructive/50 bg-destructive/10 text-destructive' : 'bg-muted/50'}`}
    >
      <p>{children}</p>
      <div className="flex gap-1">
        {onUndo && (
          <Button variant="outline" size="sm" onClick={onUndo}>
            <Undo2 aria-hidden="true" /> {t('actions.undo')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('actions.dismiss')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What just happened to the draft, each with its undo: a task loaded into it for "edit and re-run"
 * (or why it could not be), and a draft cleared.
 */
export function ComposerNotices({
  loader,
  cleared,
  onUndoClear,
  onDismissClear,
}: {
  loader: ReturnType<typeof useLoadFromTask>;
  cleared: boolean;
  onUndoClear: () => void;
  onDismissClear: () => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <div aria-live="polite" className="empty:hidden mb-4 flex flex-col gap-2">
      {loader.state?.kind === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('fromTask.loading', { id: loader.state.taskId })}
        </p>
      )}
      {loader.state?.kind === 'loaded' && (
        <Banner onUndo={loader.undo} onDismiss={loader.dismiss}>
          {t(loader.state.source === 'recorded' ? 'fromTask.loaded' : 'fromTask.rebuilt', {
            id: loader.state.taskId,
          })}{' '}
          <Link className="underline" to={`/tasks/${encodeURIComponent(loader.state.taskId)}`}>
            {t('fromTask.open')}
          </Link>
        </Banner>
      )}
      {loader.state?.kind === 'failed' && (
        <Banner onDismiss={loader.dismiss} tone="error">
          {t('fromTask.failed', { id: loader.state.taskId, error: errorMessage(loader.state.error) })}
        </Banner>
      )}
      {cleared && (
        <Banner onUndo={onUndoClear} onDismiss={onDismissClear}>
          {t('actions.clearedNotice')}
        </Banner>
      )}
    </div>
  );
}
