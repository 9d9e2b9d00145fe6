import { Clapperboard, Columns2, RotateCcw, Table2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { TrackedTask } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import { useStoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { isFailed } from './bulk/bulk-plan';
import { compareHref, groupBatches, type TaskBatch } from './task-batches';
import { TaskStatusBadge } from './task-status-badge';
import { useVariantWords } from './variant-label';

/** How many batches the monitor shows above the list; older ones stay in the list itself. */
const SHOWN = 3;
/** A batch from a table may hold 1,000 rows: the card lists the first few, its page has them all. */
const ROWS_SHOWN = 12;

/**
 * The latest batches of variations or storyboard runs, each with its tasks and, once all are done,
 * Compare.
 */
export function TaskBatchesView({
  tasks,
  matched,
  search,
  onRetryFailed,
}: {
  tasks: readonly TrackedTask[];
  /** The tasks the monitor's search and filters left; a batch with none of them is not shown. */
  matched?: readonly TrackedTask[];
  search: string;
  /** "Retry every failed task of this batch": the monitor asks, with the count and the cost. */
  onRetryFailed?: (ids: string[]) => void;
}) {
  const batches = useMemo(() => {
    const all = groupBatches(tasks);
    if (!matched || matched === tasks) return all.slice(0, SHOWN);
    const ids = new Set(matched.map((t) => t.id));
    return all.filter((batch) => batch.tasks.some((t) => ids.has(t.id))).slice(0, SHOWN);
  }, [tasks, matched]);
  if (batches.length === 0) return null;
  return (
    <div className="space-y-3">
      {batches.map((batch) => (
        <BatchCard key={batch.id} batch={batch} search={search} onRetryFailed={onRetryFailed} />
      ))}
    </div>
  );
}

function BatchCard({
  batch,
  search,
  onRetryFailed,
}: {
  batch: TaskBatch;
  search: string;
  onRetryFailed?: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation('tasks');
  const count = batch.tasks.length;
  const allDone = batch.done === count;
  const board = batch.storyboard;
  const table = batch.table;
  // A run this tab drives counts as the strip above says (its shots, not the tasks sent so far):
  // one source, so the card and the strip never disagree.
  const live = useStoryboardProgress().find((r) => board && r.id === board.id);
  const shots = live?.total ?? board?.shots ?? 0;
  const title = table
    ? t('batch.table', { name: table.name || batch.id, count: table.rows })
    : !board
      ? t('batch.title', { count })
      : board.name
        ? t('batch.storyboardNamed', { name: live?.name || board.name, count: shots })
        : t('batch.storyboard', { count: shots });
  const words = useVariantWords();
  const failed = batch.tasks.filter(isFailed).map((task) => task.id);
  // A shot run again follows its first take: "Shot 2, retake".
  const label = (task: TrackedTask, i: number): string => {
    if (table) return t('batch.row', { n: task.table!.row });
    if (!board) return t('batch.variant', { n: i + 1 });
    const n = task.storyboard!.shot;
    const retake = batch.tasks.slice(0, i).some((earlier) => earlier.storyboard!.shot === n);
    return t(retake ? 'batch.retake' : 'batch.shot', { n });
  };
  return (
    <section aria-label={title} className="rounded-md border p-3" data-testid="task-batch">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-sm font-semibold">{title}</h2>
          <p className="text-xs text-muted-foreground">
            {batch.varied
              ? t('batch.varied', { field: t(`batch.fields.${batch.varied.field}`) }) + ' · '
              : ''}
            {new Date(batch.createdAt).toLocaleString(i18n.language)} ·{' '}
            {live
              ? t('batch.done', { done: live.done, count: live.total })
              : t('batch.done', { done: batch.done, count })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {board && (
            <Button asChild size="sm" variant="outline">
              <Link to={`/storyboard/${encodeURIComponent(board.id)}`}>
                <Clapperboard aria-hidden="true" /> {t('batch.openStoryboard')}
              </Link>
            </Button>
          )}
          {table && (
            <Button asChild size="sm" variant="outline">
              <Link to={`/batches/${encodeURIComponent(batch.id)}`}>
                <Table2 aria-hidden="true" /> {t('batch.openTable')}
              </Link>
            </Button>
          )}
          {onRetryFailed && failed.length > 0 && (
            <Button size="sm" variant="outline" onClick={() => onRetryFailed(failed)}>
              <RotateCcw aria-hidden="true" /> {t('bulk.retryBatch', { count: failed.length })}
            </Button>
          )}
          {/* One task has nothing to be compared with; a table's rows are not variants to compare. */}
          {table || count < 2 ? null : allDone ? (
            <Button asChild size="sm" variant="outline">
              <Link to={compareHref(batch)}>
                <Columns2 aria-hidden="true" /> {t('batch.compare')}
              </Link>
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">{t('batch.compareWhenDone')}</p>
          )}
        </div>
      </div>
      <ol className="mt-2 space-y-1">
        {(table ? batch.tasks.slice(0, ROWS_SHOWN) : batch.tasks).map((task, i) => (
          <li key={task.id} className="flex items-center justify-between gap-2 text-sm">
            <Link
              to={`/tasks/${encodeURIComponent(task.id)}${search}`}
              className="min-w-0 truncate underline-offset-2 hover:underline focus-visible:underline"
            >
              {label(task, i)}
              {batch.varied?.values[i] ? ` · ${words.param(batch.varied.field, batch.varied.values[i])}` : ''}
              {board && task.prompt ? ` · ${words.value('prompt', task.prompt)}` : ''}
            </Link>
            <TaskStatusBadge status={task.last?.status} className="shrink-0" />
          </li>
        ))}
      </ol>
      {table && count > ROWS_SHOWN && (
        <p className="mt-1 text-xs text-muted-foreground">
          {t('batch.moreRows', { count: count - ROWS_SHOWN })}
        </p>
      )}
    </section>
  );
}
