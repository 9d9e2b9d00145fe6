import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import { useTrackedTask } from '@/api/task-registry-context';
import { taskKindOf, type TrackedTask } from '@/api/task-registry-schema';
import type { Task } from '@/api/tasks';
import { taskUsageFacts } from '@/api/task-usage';
import { useTranslation } from '@/lib/i18n';
import { formatMoney, hasPrices } from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';
import { trackedTaskCost } from '@/lib/money/task-cost';

/**
 * The task as the monitor prices it, from what this fetch saw: the list's record may lag the
 * detail by a poll, and a pasted task may not be tracked at all.
 */
function priced(task: Task, tracked: TrackedTask | undefined): TrackedTask {
  const kind = taskKindOf(task.kind);
  const ended = isTerminalStatus(normalizeTaskStatus(task.status));
  return {
    id: task.id,
    createdAt: tracked?.createdAt ?? 0,
    source: tracked?.source ?? 'pasted',
    request: tracked?.request,
    kind: kind !== 'unknown' ? kind : (tracked?.kind ?? kind),
    model: task.model ?? tracked?.model,
    last: {
      status: task.status,
      ...(ended ? { usage: taskUsageFacts(tracked?.request, task) } : {}),
    },
  };
}

/** What the detail shows as the task's cost, formatted; undefined when no price applies. */
export interface DetailCost {
  text: string;
  estimated: boolean;
}

/**
 * The task's cost by the person's own prices (decision 381); none when no price applies, and for
 * a task that ended without a result only what the specification bills (decision 510).
 */
export function useTaskDetailCost(task: Task): DetailCost | undefined {
  const { t, i18n } = useTranslation('tasks');
  const book = usePriceBook();
  const tracked = useTrackedTask(task.id);
  const cost = hasPrices(book) ? trackedTaskCost(book, priced(task, tracked)) : undefined;
  if (!cost) return undefined;
  const amount = formatMoney(cost.amount, book.currency, i18n.language);
  return {
    text: cost.estimated ? t('cost.estimated', { amount }) : t('cost.reported', { amount }),
    estimated: cost.estimated,
  };
}

/** One row of the usage list, beside the tokens, labelled as the person's prices. */
export function TaskDetailCost({ cost }: { cost: DetailCost }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="contents" data-testid="task-detail-cost">
      <dt className="text-xs text-muted-foreground">{t('cost.label')}</dt>
      <dd className="text-xs tabular-nums" title={cost.estimated ? t('cost.estimatedTitle') : undefined}>
        {cost.text}
      </dd>
    </div>
  );
}
