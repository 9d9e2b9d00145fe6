import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import type { TrackedTask } from '@/api/task-registry';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { TaskCost } from '@/components/money/task-cost';
import { formatElapsed, listElapsedMs, statusDisplay } from './task-display';
import { TaskStatusBadge } from './task-status-badge';
import { useNow } from './use-now';

const ROW_HEIGHT = 84;
/** Marks a detail opened from the list, so its phone Back button can go back instead of forward. */
export const FROM_LIST = { fromTaskList: true } as const;

interface TaskListProps {
  tasks: readonly TrackedTask[];
  selectedId?: string;
  /** Ticked for a bulk action (bulk/); `shift` extends from the last one ticked. */
  checked?: ReadonlySet<string>;
  onCheck?: (id: string, on: boolean, shift: boolean) => void;
  /** Search string kept on links, so opening a task keeps the filters. */
  search: string;
}

/**
 * The tracked tasks, newest first, virtualised: 10,000 tasks cost as many DOM nodes as a screenful.
 * Each row shows what the poller last saw of the task (the registry's snapshot), so scrolling
 * fetches nothing.
 */
export function TaskList({ tasks, selectedId, search, checked, onCheck }: TaskListProps) {
  const { t } = useTranslation('tasks');
  const scrollRef = useRef<HTMLDivElement>(null);
  // Kept while the list is the same: a new key function makes the virtualiser lay out every row
  // again, on each render of a scroll, which at 200,000 tasks cost most frames
  // (bench/frames-at-scale.bench.ts).
  const getItemKey = useCallback((index: number) => tasks[index]!.id, [tasks]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 400, height: 800 },
    useFlushSync: false,
    getItemKey,
  });
  return (
    <div
      ref={scrollRef}
      className="h-[calc(100vh-19rem)] min-h-80 overflow-auto rounded-md border"
      data-testid="task-scroll"
    >
      <ul aria-label={t('list.label')} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const task = tasks[row.index]!;
          return (
            <li
              key={row.key}
              className="absolute inset-x-0 top-0"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              aria-setsize={tasks.length}
              aria-posinset={row.index + 1}
            >
              <TaskRow
                task={task}
                selected={task.id === selectedId}
                search={search}
                checked={checked?.has(task.id) ?? false}
                onCheck={onCheck}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const TaskRow = memo(function TaskRow({
  task,
  selected,
  search,
  checked,
  onCheck,
}: {
  task: TrackedTask;
  selected: boolean;
  search: string;
  checked: boolean;
  onCheck?: (id: string, on: boolean, shift: boolean) => void;
}) {
  const { t } = useTranslation('tasks');
  const display = statusDisplay(task.last?.status ?? 'pending');
  const waiting = (!task.last || display.active) && !task.last?.notFound;
  const now = useNow(waiting);
  const elapsed = listElapsedMs(task, waiting, now);
  const link = (
    <Link
      to={{ pathname: `/tasks/${encodeURIComponent(task.id)}`, search }}
      state={FROM_LIST}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'flex h-full min-w-0 flex-1 flex-col justify-center gap-1 border-b px-3 text-sm hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        onCheck && 'pl-1',
        selected && 'bg-muted',
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        {task.last?.notFound ? (
          <Badge variant="muted">{t('list.notFound')}</Badge>
        ) : task.last?.notFoundAt ? (
          <Badge variant="muted">{t('list.notFoundAtPrefix', { prefix: task.last.notFoundAt })}</Badge>
        ) : (
          <TaskStatusBadge status={task.last?.status ?? 'pending'} />
        )}
        <span className="truncate text-xs text-muted-foreground">
          {t(`kind.${task.kind}`)}
          {task.model ? ` · ${task.model}` : ''}
        </span>
        <span className="ml-auto shrink-0 font-mono text-xs tabular-nums text-muted-foreground">
          <span className="sr-only">{t('fields.elapsed')}: </span>
          {formatElapsed(elapsed)}
        </span>
      </div>
      <p className="truncate">
        {task.prompt || <span className="text-muted-foreground">{t('list.noPrompt')}</span>}
      </p>
      <div className="flex items-center gap-2">
        <code className="truncate font-mono text-xs text-muted-foreground">{task.id}</code>
        <TaskCost task={task} className="ml-auto shrink-0 text-xs tabular-nums text-muted-foreground" />
        {display.active && !task.last?.notFound && (
          <Progress
            value={task.last?.progress}
            label={t('fields.progressOf', { id: task.id })}
            size="compact"
            className="ml-auto shrink-0"
          />
        )}
      </div>
    </Link>
  );
  if (!onCheck) return link;
  return (
    <div className={cn('flex h-full', checked && 'bg-primary/5')}>
      <div className="flex items-center border-b pl-3">
        {/* A native box: its click carries shiftKey for ranges, and 10,000 rows cost nothing extra. */}
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={t('bulk.select', { title: task.prompt?.trim().slice(0, 80) || task.id })}
          checked={checked}
          onChange={() => undefined}
          onClick={(e) => onCheck(task.id, e.currentTarget.checked, e.shiftKey)}
        />
      </div>
      {link}
    </div>
  );
});
