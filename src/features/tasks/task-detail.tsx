import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectionStore } from '@/api/connection-store';
import { isValidTaskId, taskKindOf } from '@/api/task-registry';
import { useTaskRegistry, useTrackedTask } from '@/api/task-registry-context';
import { imagePrefixNotFound, isTaskNotFound, taskQueryOptions } from '@/api/tasks';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import { TaskView } from './task-view';

/** One task at /tasks/<id>: polled while it runs; a pasted id joins the list once the server knows it. */
export function TaskDetail({ taskId, listSearch }: { taskId: string; listSearch: string }) {
  const { t } = useTranslation('tasks');
  const valid: boolean = isValidTaskId(taskId);
  if (!valid) {
    return (
      <div role="alert" className="rounded-md border border-destructive/40 p-4 text-sm">
        {t('detail.invalidId', { id: taskId.slice(0, 200) })}
      </div>
    );
  }
  return <KnownIdDetail taskId={taskId} listSearch={listSearch} />;
}

function KnownIdDetail({ taskId, listSearch }: { taskId: string; listSearch: string }) {
  const { t } = useTranslation('tasks');
  const registry = useTaskRegistry();
  const tracked = useTrackedTask(taskId);
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const query = useQuery(taskQueryOptions(taskId, registry));
  const task = query.data;
  const navigate = useNavigate();

  // Adopting, not tracking: a task the person has just forgotten is still on screen for a moment,
  // and must not come back (as a pasted task without its request) from here.
  useEffect(() => {
    if (!task || tracked) return;
    registry.adopt({
      id: task.id,
      kind: taskKindOf(task.kind),
      model: task.model,
      prompt: typeof task.prompt === 'string' ? task.prompt : undefined,
      createdAt: typeof task.created_at === 'number' ? task.created_at * 1000 : Date.now(),
      source: 'pasted',
      baseUrl,
      callbackUrl: typeof task.callback_url === 'string' ? task.callback_url : undefined,
      // What this fetch saw: the list shows it at once, even for a task that has already ended and
      // will not be polled again.
      last: {
        status: task.status,
        progress: task.progress,
        seenAt: Date.now(),
        endedAt: typeof task.completed_at === 'number' ? task.completed_at * 1000 : undefined,
        serverCreatedAt: typeof task.created_at === 'number' ? task.created_at * 1000 : undefined,
      },
    });
  }, [task, tracked, baseUrl, registry]);

  const forget = () => {
    const removed = registry.untrack(taskId);
    void navigate({ pathname: '/tasks', search: listSearch });
    if (removed.length > 0)
      notifyUndoable(t('detail.forgotten', { id: taskId }), () => registry.restore(removed));
  };

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="aspect-video w-full" />
        <span className="sr-only">{t('detail.loading')}</span>
      </div>
    );
  }
  if (!task) {
    const atPrefix = imagePrefixNotFound(query.error);
    const notFound = isTaskNotFound(query.error) && atPrefix === undefined;
    return (
      <ErrorAlert
        error={query.error}
        headingLevel="h2"
        title={
          atPrefix !== undefined
            ? t('detail.notFoundAtPrefix', { prefix: atPrefix })
            : notFound
              ? t('detail.notFound')
              : t('detail.loadFailed')
        }
        description={
          atPrefix !== undefined
            ? t('detail.notFoundAtPrefixHint', { prefix: atPrefix, id: taskId })
            : notFound
              ? t('detail.notFoundHint', { id: taskId })
              : undefined
        }
        explainKnown={!notFound && atPrefix === undefined}
        // At a prefix the person can correct in Settings, asking again is the next step.
        onRetry={notFound ? undefined : () => void query.refetch()}
        retryLabel={t('detail.retry')}
        actions={
          tracked && (
            <Button size="sm" variant="outline" onClick={forget}>
              <Trash2 aria-hidden /> {t('detail.forget')}
            </Button>
          )
        }
      />
    );
  }
  // A task record need not carry `model` (the specification does not list it): the model this
  // dashboard created it with stands in, and the kind it was created as (its result's shape, a
  // video URL, proves nothing about the kind).
  const shown =
    task.model || !tracked?.model
      ? task
      : {
          ...task,
          model: tracked.model,
          ...(tracked.kind !== 'unknown' ? { kind: tracked.kind } : {}),
        };
  return (
    <TaskView task={shown} trackedCreatedAt={tracked?.createdAt} onForget={tracked ? forget : undefined} />
  );
}
