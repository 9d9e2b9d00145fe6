import { useQueries } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTaskRegistry, useTrackedTasks } from '@/api/task-registry-context';
import { taskQueryOptions } from '@/api/tasks';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { requestFacts } from './request-facts';
import { RequestDifferences } from './request-differences';
import { SyncedPlayer } from './synced-player';

const MAX = 4;

export function parseCompareIds(params: URLSearchParams): string[] {
  return [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX);
}

/**
 * /gallery/compare?ids=a,b[,c,d]: results side by side on one clock, and how their requests differ.
 * A task forgotten meanwhile leaves the comparison (and says so); fewer than two left, nothing to compare.
 */
export function CompareView() {
  const { t } = useTranslation('tasks');
  const [params] = useSearchParams();
  const ids = useMemo(() => parseCompareIds(params), [params]);
  const tracked = useTrackedTasks();
  const registry = useTaskRegistry();
  const tasks = useMemo(
    () => ids.flatMap((id) => tracked.find((task) => task.id === id) ?? []),
    [ids, tracked],
  );
  const gone = ids.length - tasks.length;
  const results = useQueries({
    queries: tasks.map((task) => ({
      ...taskQueryOptions(task.id, registry),
      refetchInterval: false as const,
    })),
  });
  const facts = tasks.map((task, i) => requestFacts(task, results[i]?.data));
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('compare.title')}
        description={t('compare.description')}
        actions={
          <Button asChild variant="outline">
            <Link to="/gallery">
              <ArrowLeft aria-hidden="true" />
              {t('compare.back')}
            </Link>
          </Button>
        }
      />
      {gone > 0 && (
        <p role="status" className="rounded-md border border-warning/40 p-2 text-sm">
          {t('compare.gone', { count: gone })}
        </p>
      )}
      {tasks.length < 2 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t('compare.tooFew')}
        </p>
      ) : (
        <>
          <SyncedPlayer tasks={tasks} results={results.map((r) => r.data)} />
          <RequestDifferences tasks={tasks} facts={facts} />
        </>
      )}
    </div>
  );
}
