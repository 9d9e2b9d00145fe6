import { useQueryClient } from '@tanstack/react-query';
import { PencilLine, RefreshCw, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { Progress } from '@/components/ui/progress';
import { taskKindOf } from '@/api/task-registry';
import { isStillPolled, isTaskNotFound, resetUnknownPatience, taskKeys, type Task } from '@/api/tasks';
import { useTranslation } from '@/lib/i18n';
import { rerunPath } from '@/lib/rerun-path';
import { elapsedMs, formatElapsed, statusDisplay, taskHeading } from './task-display';
import { TaskFacts } from './task-facts';
import { TaskFailure } from './task-failure';
import { RatingNote, StarRating } from './ratings/rating-control';
import { TaskResult } from './task-result';
import { TaskStatusBadge } from './task-status-badge';
import { TaskWebhooks } from './task-webhooks';
import { useNow } from './use-now';

/**
 * A task the server knows: its state, elapsed time and progress while it runs, then its result or
 * failure, the request's facts, webhook deliveries and the raw object.
 */
export function TaskView({
  task,
  trackedCreatedAt,
  onForget,
}: {
  task: Task;
  trackedCreatedAt?: number;
  onForget?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const display = statusDisplay(task.status);
  const rerun = rerunPath(task.kind, task.id);
  const query = queryClient.getQueryCache().find<Task>({ queryKey: taskKeys.detail(task.id) });
  const polled = query ? isStillPolled(query) : display.active;
  const now = useNow(!display.terminal);
  const elapsed = elapsedMs(task, trackedCreatedAt, now);
  const checkAgain = () => {
    if (query) resetUnknownPatience(query);
    void queryClient.refetchQueries({ queryKey: taskKeys.detail(task.id), exact: true });
  };

  return (
    <article className="space-y-5" aria-labelledby="task-title">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <TaskStatusBadge status={task.status} />
          <span className="text-sm text-muted-foreground">
            {t(`kind.${taskKindOf(task.kind)}`)}
            {task.model ? ` · ${task.model}` : ''}
          </span>
          <span
            className="ml-auto font-mono text-sm tabular-nums"
            aria-label={t('fields.elapsedValue', { value: formatElapsed(elapsed) })}
          >
            {formatElapsed(elapsed)}
          </span>
        </div>
        <h2 id="task-title" className="line-clamp-3 text-lg font-semibold break-words">
          {taskHeading(task)}
        </h2>
        <div className="flex items-center gap-1 text-sm">
          <code className="truncate font-mono text-xs text-muted-foreground">{task.id}</code>
          <CopyButton value={task.id} aria-label={t('detail.copyId')} />
        </div>
        {!display.terminal && (
          <div className="space-y-1">
            <Progress
              value={display.active ? task.progress : undefined}
              label={t('fields.progressOf', { id: task.id })}
            />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {display.status === 'unknown'
                ? polled
                  ? t('detail.unknownPolling', { raw: display.raw ?? '' })
                  : t('detail.unknownStopped', { raw: display.raw ?? '' })
                : t('detail.progress', { value: Math.round(task.progress ?? 0) })}
              {query?.state.error && !isTaskNotFound(query.state.error)
                ? ` · ${t('detail.pollFailing')}`
                : ''}
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {rerun && (
            <Button asChild size="sm" variant="outline">
              <Link to={rerun}>
                <PencilLine aria-hidden /> {t('detail.editRerun')}
              </Link>
            </Button>
          )}
          {(display.status === 'unknown' || !polled) && !display.terminal && (
            <Button size="sm" variant="outline" onClick={checkAgain}>
              <RefreshCw aria-hidden /> {t('detail.checkAgain')}
            </Button>
          )}
          {onForget && (
            <Button size="sm" variant="ghost" onClick={onForget}>
              <Trash2 aria-hidden /> {t('detail.forget')}
            </Button>
          )}
        </div>
      </header>
      {display.status === 'succeeded' && <TaskResult task={task} />}
      {onForget && (
        // Kept with a tracked task only: a rating of a task this browser forgot would be lost.
        <section className="space-y-2 rounded-md border p-3" aria-label={t('rating.label')}>
          <StarRating taskId={task.id} size="md" />
          <RatingNote taskId={task.id} />
        </section>
      )}
      {(display.status === 'failed' || display.status === 'cancelled') && <TaskFailure task={task} />}
      <TaskFacts task={task} />
      <TaskWebhooks task={task} />
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">{t('detail.raw')}</h3>
        <JsonView value={task} label={t('detail.raw')} />
      </section>
    </article>
  );
}
