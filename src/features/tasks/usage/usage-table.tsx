import { useTranslation } from 'react-i18next';
import type { UsageSummary } from './usage-data';

/** The chart's numbers, exactly: one row per day and series. */
export function UsageTable({
  summary,
  seriesLabel,
}: {
  summary: UsageSummary;
  seriesLabel: (series: string) => string;
}) {
  const { t, i18n } = useTranslation('tasks');
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label={t('usage.tableLabel')}>
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            <th scope="col" className="p-2">
              {t('usage.day')}
            </th>
            <th scope="col" className="p-2">
              {t('usage.series')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('usage.count')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('usage.tokensHeader')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('usage.unknown')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((r) => (
            <tr key={`${r.day}|${r.series}`} className="border-b last:border-b-0">
              <td className="p-2 font-mono text-xs">{r.day}</td>
              <td className="p-2">{seriesLabel(r.series)}</td>
              <td className="p-2 text-right tabular-nums">{format.format(r.counted)}</td>
              <td className="p-2 text-right tabular-nums" data-tokens={r.tokens}>
                {format.format(r.tokens)}
              </td>
              <td className="p-2 text-right tabular-nums">
                {r.unknown > 0 ? format.format(r.unknown) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-medium">
            <th scope="row" colSpan={3} className="p-2 text-left">
              {t('usage.total')}
            </th>
            <td className="p-2 text-right tabular-nums" data-testid="usage-total" data-tokens={summary.total}>
              {format.format(summary.total)}
            </td>
            <td className="p-2 text-right tabular-nums">
              {summary.unknown > 0 ? format.format(summary.unknown) : '—'}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
