import { BarChart3 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useConnectionStore } from '@/api/connection-store';
import { useTrackedTasks } from '@/api/task-registry-context';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { useTranslation } from '@/lib/i18n';
import { summariseRange, textUsageSamples } from './usage-data';
import { rangeDays, useUsageRange } from './usage-range';
import { UsageRangePicker } from './usage-range-picker';
import { UsageTotals } from './usage-totals';
import { UsageMoneySection } from './usage-money-section';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';
import { useTaskReads } from './use-task-reads';

/** Where the playground keeps its conversations (its own store; read here, never written). */
const PLAYGROUND_STORAGE_KEY = 'media-studio.playground.conversations';

/** /usage: usage.total_tokens of the tracked tasks (tokens per kind, money by the person's prices) by day, model and billing rule, and the playground's. */
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
  const [range, setRange] = useUsageRange();
  const { from, to } = rangeDays(range);
  const { summary, perKind, shown } = useMemo(
    () =>
      summariseRange(
        tasks,
        answers,
        textUsageSamples(localStorage.getItem(PLAYGROUND_STORAGE_KEY)),
        from,
        to,
      ),
    [tasks, answers, from, to],
  );
  const seriesLabel = useCallback(
    (series: string) => {
      const [source, model, rule] = series.split('|');
      if (source === 'text') return t('usage.textSeries', { model });
      // Kinds other than video have no billing rule: named by their model alone.
      return rule
        ? t(`usage.rule.${rule === 'withVideo' ? 'withVideo' : 'withoutVideo'}`, { model })
        : t('usage.taskSeries', { model });
    },
    [t],
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t('usage.title')} description={t('usage.description')} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pending > 0 ? t('usage.loading', { count: pending }) : t('usage.summary', { count: tasks.length })}
      </p>
      <UsageRangePicker range={range} onChange={setRange} />
      {summary.rows.length === 0 ? (
        <EmptyState icon={BarChart3} title={t('usage.empty')} headingLevel="h2" />
      ) : (
        <>
          <UsageTotals summary={summary} />
          <UsageMoneySection samples={shown} />
          <section aria-labelledby="usage-charts" className="space-y-2">
            <h2 id="usage-charts" className="text-lg font-semibold">
              {t('usage.chartsTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('usage.chartsNote')}</p>
            <div className="grid gap-3 lg:grid-cols-2">
              {perKind.map(({ kind, summary: own }) => (
                <figure key={kind} className="min-w-0 rounded-lg border p-3">
                  <figcaption className="mb-1 text-sm font-semibold">
                    {t(`usage.kinds.${kind}`, { defaultValue: kind })}
                  </figcaption>
                  <UsageChart summary={own} seriesLabel={seriesLabel} />
                </figure>
              ))}
            </div>
          </section>
          <UsageTable summary={summary} seriesLabel={seriesLabel} />
        </>
      )}
    </div>
  );
}
