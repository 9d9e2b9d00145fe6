import { Link } from 'react-router';
import { FormBanner } from '@/components/form/form-banner';
import { Spinner } from '@/components/ui/spinner';
import type { useLoadFromTask } from '@/lib/form/use-load-from-task';
import { useTranslation } from '@/lib/i18n';
import { errorMessage } from '@/lib/notify';

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
  const actions = { undoLabel: t('actions.undo'), dismissLabel: t('actions.dismiss') };
  const state = loader.state;
  return (
    <div aria-live="polite" className="empty:hidden mb-4 flex flex-col gap-2">
      {state?.kind === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('fromTask.loading', { id: state.taskId })}
        </p>
      )}
      {state?.kind === 'loaded' && (
        <FormBanner onUndo={loader.undo} onDismiss={loader.dismiss} {...actions}>
          {t(state.source === 'recorded' ? 'fromTask.loaded' : 'fromTask.rebuilt', { id: state.taskId })}{' '}
          <Link className="underline" to={`/tasks/${encodeURIComponent(state.taskId)}`}>
            {t('fromTask.open')}
          </Link>
        </FormBanner>
      )}
      {state?.kind === 'failed' && (
        <FormBanner onDismiss={loader.dismiss} tone="error" {...actions}>
          {t('fromTask.failed', { id: state.taskId, error: errorMessage(state.error) })}
        </FormBanner>
      )}
      {cleared && (
        <FormBanner onUndo={onUndoClear} onDismiss={onDismissClear} {...actions}>
          {t('actions.clearedNotice')}
        </FormBanner>
      )}
    </div>
  );
}
