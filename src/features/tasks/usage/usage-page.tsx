import { useQueries } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '@/api/connection-store';
import { useTaskRegistry, useTrackedTasks } from '@/api/task-registry-context';
import { taskQueryOptions } from '@/api/tasks';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { summariseUsage, taskUsageSample, textUsageSamples } from './usage-data';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';

/** Usage is read from each task: the newest this many (a registry of 10,000 would be 10,000 requests). */
export const MAX_USAGE_TASKS = 300;
/** Where the playground keeps its conversations (its own store; read here, never written). */
const PLAYGROUND_STORAGE_KEY = 'media-studio.playground.conversations';

/** /usage: usage.total_tokens of the tracked tasks by day, model and billing rule, and the playground's. */
export function UsagePage() {
  const { t } = useTranslation('tasks');
  const all = useTrackedTasks();
  const registry = useTaskRegistry();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const tasks = useMemo(
    () =>
      all.filter((task) => task.baseUrl === undefined || task.baseUrl === baseUrl).slice(0, MAX_USAGE_TASKS),
    [all, baseUrl],
  );
  const results = useQueries({
    queries: tasks.map((task) => ({
      ...taskQueryOptions(task.id, registry),
      refetchInterval: false as const,
    })),
  });
  const pending = results.filter((r) => r.isPending).length;
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  const summary = useMemo(
    () => {
      const samples = tasks.map((task, i) => taskUsageSample(task, results[i]?.data));
      return summariseUsage([...samples, ...textUsageSamples(localStorage.getItem(PLAYGROUND_STORAGE_KEY))]);
    },
    // results change identity each render; their answers are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tasks, dataKey],
  );
  const seriesLabel = useCallback(
    (series: string) => {
      const [source, model, rule] = series.split('|');
      return source === 'text'
        ? t('usage.textSeries', { model })
        : t(`usage.rule.${rule === 'withVideo' ? 'withVideo' : 'withoutVideo'}`, { model });
    },
    [t],
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t('usage.title')} description={t('usage.description')} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pending > 0
          ? t('usage.loading', { count: pending })
          : t('usage.summary', { count: tasks.length, total: all.length, max: MAX_USAGE_TASKS })}
      </p>
      {summary.rows.length === 0 ? (
        <EmptyState icon={BarChart3} title={t('usage.empty')} headingLevel="h2" />
      ) : (
        <Tabs defaultValue="chart">
          <TabsList>
            <TabsTrigger value="chart">{t('usage.chartTab')}</TabsTrigger>
            <TabsTrigger value="table">{t('usage.tableTab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="chart">
            <UsageChart summary={summary} seriesLabel={seriesLabel} />
          </TabsContent>
          <TabsContent value="table">
            <UsageTable summary={summary} seriesLabel={seriesLabel} />
          </TabsContent>
        </Tabs>
      )}
      {summary.unknown > 0 && (
        <p className="text-sm text-muted-foreground">{t('usage.unknownNote', { count: summary.unknown })}</p>
      )}
    </div>
  );
}
