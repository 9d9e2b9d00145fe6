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
import { DifferenceSummary, RequestDifferences } from './request-differences';
import { COMPARE_MODES, type CompareColumn, type CompareMode } from './compare-column';
import { CompareStage } from './compare-stage';
import { variantsByTask } from '../task-batches';
import { useVariantWords } from '../variant-label';

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
  const [params, setParams] = useSearchParams();
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
  const words = useVariantWords();
  // Variant order (variant 1 first), not the order the tasks ended or were picked in.
  const variants = useMemo(() => variantsByTask(tracked), [tracked]);
  const order = tasks
    .map((task, i) => ({ task, i, v: variants.get(task.id) }))
    .sort((x, y) =>
      x.v && y.v && x.task.batchId === y.task.batchId ? x.v.n - y.v.n : x.task.createdAt - y.task.createdAt,
    );
  const columns: CompareColumn[] = order.map(({ task, i, v }, n) => {
    const value = v?.field && v.value ? v.value : undefined;
    return {
      task,
      data: results[i]?.data,
      heading: v
        ? value
          ? t('compare.variantHeading', { n: v.n, param: words.param(v.field!, value) })
          : t('compare.variantOnly', { n: v.n })
        : t('compare.resultHeading', { n: n + 1 }),
      value: value && v?.field ? words.value(v.field, value) : undefined,
      order: value !== undefined && Number.isFinite(Number(value)) ? Number(value) : undefined,
    };
  });
  const facts = columns.map((c) => requestFacts(c.task, c.data));
  const mode = (COMPARE_MODES as readonly string[]).includes(params.get('mode') ?? '')
    ? (params.get('mode') as CompareMode)
    : 'side';
  const setMode = (next: CompareMode) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'side') p.delete('mode');
        else p.set('mode', next);
        return p;
      },
      { replace: true },
    );
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
          <DifferenceSummary facts={facts} />
          <CompareStage columns={columns} mode={mode} onMode={setMode} />
          <RequestDifferences columns={columns} facts={facts} />
        </>
      )}
    </div>
  );
}
