import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { UsageViewProps } from './usage-data';

/** Stacked bars of tokens by day, one colour per model and billing rule; hover shows exact values. */
export function UsageChart({ summary, seriesLabel }: UsageViewProps) {
  const { t, i18n } = useTranslation('tasks');
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let live = true;
    // Chart.js is loaded with this view only, never with the first page (decision 181).
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (!live || !canvas.current) return;
      const styles = getComputedStyle(document.documentElement);
      const text = styles.getPropertyValue('color') || '#888';
      const palette = [
        '#2563eb',
        '#f97316',
        '#16a34a',
        '#9333ea',
        '#dc2626',
        '#0891b2',
        '#ca8a04',
        '#db2777',
      ];
      const format = new Intl.NumberFormat(i18n.language);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: summary.days,
          datasets: summary.series.map((series, i) => ({
            label: seriesLabel(series),
            data: summary.days.map((day) =>
              summary.rows
                .filter((r) => r.day === day && r.series === series)
                .reduce((n, r) => n + r.tokens, 0),
            ),
            backgroundColor: palette[i % palette.length],
            stack: series.startsWith('text|') ? 'text' : 'tasks',
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'nearest', intersect: true },
          scales: {
            x: { stacked: true, ticks: { color: text } },
            y: { stacked: true, ticks: { color: text, callback: (v) => format.format(Number(v)) } },
          },
          plugins: {
            legend: { labels: { color: text } },
            tooltip: {
              callbacks: {
                label: (c) => `${c.dataset.label}: ${format.format(Number(c.parsed.y))} ${t('usage.tokens')}`,
              },
            },
          },
        },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [summary, seriesLabel, t, i18n.language]);
  return (
    <div className="relative h-56 w-full">
      <canvas ref={canvas} role="img" aria-label={t('usage.chartLabel', { count: summary.days.length })} />
    </div>
  );
}
