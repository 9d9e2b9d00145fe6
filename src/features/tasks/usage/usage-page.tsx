import { BarChart3 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useConnectionStore } from '@/api/connection-store';
import { useTrackedTasks } from '@/api/task-registry-context';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { storedUsageSample, summariseUsage, taskUsageSample, textUsageSamples } from './usage-data';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';
import { useTaskReads } from './use-task-reads';

/** Where the playground keeps its conversations (its own store; read here, never written). */
const PLAYGROUND_STORAGE_KEY = 'media-studio.playground.conversations';

/** /usage: usage.total_tokens of the tracked tasks by day, model and billing rule, and the playground's. */
export function UsagePage() {
  const { t } = useTranslation('tasks');
  const all = useTrackedTasks();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  // Every tracked task of this connection (decision 181 first counted the newest 300 only).
  const tasks = useMemo(
    () => all.filter((task) => task.baseUrl === undefined || task.baseUrl === baseUrl),
    [all, baseUrl],
  );
  const { answers, pending } = useTaskReads(tasks);
  const summary = useMemo(() => {
    // A task not answered yet is left out (not "unknown") until its answer comes.
    const samples = tasks.flatMap(
      (task) =>
        storedUsageSample(task) ??
        (answers.has(task.id) ? [taskUsageSample(task, answers.get(task.id))] : []),
    );
    return summariseUsage([...samples, ...textUsageSamples(localStorage.getItem(PLAYGROUND_STORAGE_KEY))]);
  }, [tasks, answers]);
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
        {pending > 0 ? t('usage.loading', { count: pending }) : t('usage.summary', { count: tasks.length })}
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
