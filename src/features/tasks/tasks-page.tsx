import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ListChecks, SearchX } from 'lucide-react';
import { Suspense, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useConnectionStore } from '@/api/connection-store';
import { systemQueries } from '@/api/system';
import type { TrackedTask } from '@/api/task-registry';
import { useRegistryStatus, useTrackedTasks } from '@/api/task-registry-context';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { BulkBar } from './bulk/bulk-bar';
import type { BulkAction } from './bulk/bulk-dialog';
import { selectRange } from './bulk/bulk-plan';
import { RegistryActions } from './registry-actions';
import { TaskBatchesView } from './task-batches-view';
import { TaskDetail } from './task-detail';
import type { FROM_LIST } from './task-list';
import { TaskList } from './task-list';
import { useRatings } from './ratings/ratings-store';
import { filterTasks, useTaskSearch } from './task-search';
import { TaskToolbar } from './task-toolbar';
import { TrackTaskForm } from './track-task-form';
import { WebhookInboxView } from './webhook-inbox-view';

// Fetched when an action is first asked for: the monitor's first paint does not carry it.
const BulkDialog = lazyWithPreload(() => import('./bulk/bulk-dialog').then((m) => m.BulkDialog));

/** /tasks and /tasks/<id>: the tracked tasks, the open task, and (local mode) the webhook inbox. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const rawId = useParams()['*']?.split('/')[0];
  const taskId = rawId ? rawId : undefined;
  const tasks = useTrackedTasks();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const local = useQuery(systemQueries.bootstrap(baseUrl)).data?.mode === 'local';
  const [params, setParams] = useSearchParams();
  const tab = local && params.get('tab') === 'inbox' ? 'inbox' : 'tasks';
  const setTab = (next: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next === 'inbox') p.set('tab', 'inbox');
      else p.delete('tab');
      return p;
    });

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<RegistryActions count={tasks.length} />}
      />
      {/* Polling and the toasts of finished tasks run on every page: the shell's task watcher. */}
      {/* One tree whether or not the inbox tab shows, so the list never remounts when /bootstrap answers. */}
      <Tabs value={tab} onValueChange={setTab}>
        {local && (
          <TabsList>
            <TabsTrigger value="tasks">{t('tabs.tasks')}</TabsTrigger>
            <TabsTrigger value="inbox">{t('tabs.inbox')}</TabsTrigger>
          </TabsList>
        )}
        <TabsContent value="tasks" gap={local ? 'default' : 'none'}>
          <TasksView taskId={taskId} />
        </TabsContent>
        {local && (
          <TabsContent value="inbox">
            <WebhookInboxView />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function TasksView({ taskId }: { taskId?: string }) {
  const { t } = useTranslation('tasks');
  const tasks = useTrackedTasks();
  const status = useRegistryStatus();
  const [search, update] = useTaskSearch();
  const location = useLocation();
  const deferred = useDeferredValue(search);
  const ratings = useRatings();
  const shown = useMemo(() => filterTasks(tasks, deferred, ratings), [tasks, deferred, ratings]);
  const filtered = Boolean(search.q || search.kind || search.state || search.rated);
  const navigate = useNavigate();
  const bulk = useBulkSelection(shown);
  const openedFromList = (location.state as typeof FROM_LIST | null)?.fromTaskList === true;
  const backToList = () => {
    if (openedFromList) void navigate(-1);
    else void navigate({ pathname: '/tasks', search: location.search });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(20rem,2fr)_minmax(0,3fr)]">
      {/* Below lg an open task is a screen of its own: the list waits behind Back. */}
      <div className={cn('order-2 min-w-0 space-y-3 lg:order-1', taskId && 'max-lg:hidden')}>
        <TrackTaskForm />
        <TaskToolbar search={search} onChange={update} />
        <TaskBatchesView
          tasks={tasks}
          matched={shown}
          search={location.search}
          onRetryFailed={(ids) => bulk.setAction({ kind: 'retryFailed', ids })}
        />
        {(status.persistence === 'memory' || status.writeFailed) && (
          <p role="status" className="rounded-md border border-warning/40 p-2 text-xs">
            {t('list.notPersisted')}
          </p>
        )}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {filtered
            ? t('list.summaryFiltered', { count: shown.length, total: tasks.length })
            : t('list.summary', { count: tasks.length })}
        </p>
        {tasks.length > 0 && (
          <BulkBar
            shown={shown}
            selected={bulk.selectedTasks}
            selectedIds={bulk.selected}
            onSelectAll={bulk.selectAll}
            onClear={bulk.clear}
            onAction={bulk.setAction}
          />
        )}
        {shown.length > 0 ? (
          <TaskList
            tasks={shown}
            selectedId={taskId}
            search={location.search}
            checked={bulk.selected}
            onCheck={bulk.check}
          />
        ) : tasks.length > 0 ? (
          <EmptyState
            icon={SearchX}
            title={t('empty.filteredTitle')}
            headingLevel="h3"
            action={
              <Button variant="outline" onClick={() => update({ q: '', kind: '', state: '' })}>
                {t('empty.clearFilters')}
              </Button>
            }
          />
        ) : status.hydrated ? (
          <EmptyState
            icon={ListChecks}
            title={t('empty.title')}
            description={t('empty.body')}
            headingLevel="h3"
            action={
              <Button asChild variant="outline">
                <Link to="/composer">{t('empty.action')}</Link>
              </Button>
            }
          />
        ) : null}
      </div>
      {bulk.action && (
        <Suspense fallback={null}>
          <BulkDialog
            action={bulk.action}
            tasks={tasks}
            onClose={() => bulk.setAction(undefined)}
            onDone={() => {
              bulk.setAction(undefined);
              bulk.clear();
            }}
          />
        </Suspense>
      )}
      <div className="order-1 min-w-0 space-y-3 lg:order-2">
        {taskId && (
          <Button variant="outline" size="sm" className="lg:hidden" onClick={backToList}>
            <ArrowLeft aria-hidden /> {t('detail.backToList')}
          </Button>
        )}
        {taskId ? (
          <TaskDetail key={taskId} taskId={taskId} listSearch={location.search} />
        ) : (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground max-lg:hidden">
            {t('detail.pick')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The monitor's ticked tasks: a click ticks one, Shift-click a range from the last ticked. */
function useBulkSelection(shown: readonly TrackedTask[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [action, setAction] = useState<BulkAction>();
  const anchor = useRef<string | undefined>(undefined);
  const order = useRef(shown);
  // The latest order for the stable `check` (rows are memoised on it).
  useLayoutEffect(() => {
    order.current = shown;
  }, [shown]);
  const check = useCallback((id: string, on: boolean, shift: boolean) => {
    const ids = shift
      ? selectRange(
          order.current.map((task) => task.id),
          anchor.current,
          id,
        )
      : [id];
    anchor.current = id;
    setSelected((prev) => {
      const next = new Set(prev);
      for (const x of ids) {
        if (on) next.add(x);
        else next.delete(x);
      }
      return next;
    });
  }, []);
  // Acted on: the ticked tasks the list shows. One the search now hides (or forgotten) is never
  // cancelled, re-run or forgotten unseen; it is ticked again when it shows again.
  const selectedTasks = useMemo(
    () => (selected.size === 0 ? [] : shown.filter((task) => selected.has(task.id))),
    [shown, selected],
  );
  return {
    selected,
    selectedTasks,
    check,
    selectAll: (on: boolean) => {
      anchor.current = undefined;
      setSelected(on ? new Set(shown.map((task) => task.id)) : new Set());
    },
    clear: () => setSelected(new Set()),
    action,
    setAction,
  };
}
