import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import type { UsageViewProps } from './usage-data';

const COLUMNS = [
  { label: 'usage.day', numeric: false },
  { label: 'usage.series', numeric: false },
  { label: 'usage.count', numeric: true },
  { label: 'usage.tokensHeader', numeric: true },
  { label: 'usage.unknown', numeric: true },
] as const;

/**
 * The chart's numbers, exactly: one row per day and series. The "without usage" column only when a
 * row has such a task: a column of dashes cost a phone the width the series names needed.
 */
export function UsageTable({ summary, seriesLabel }: UsageViewProps) {
  const { t, i18n } = useTranslation('tasks');
  const format = new Intl.NumberFormat(i18n.language);
  const showUnknown = summary.rows.some((r) => r.unknown > 0);
  const columns = COLUMNS.filter((c) => showUnknown || c.label !== 'usage.unknown');
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label={t('usage.tableLabel')}>
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            {columns.map(({ label, numeric }) => (
              <th key={label} scope="col" className={cn('whitespace-nowrap p-2', numeric && 'text-right')}>
                {t(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((r) => (
            <tr key={`${r.day}|${r.series}`} className="border-b last:border-b-0">
              <td className="whitespace-nowrap p-2 font-mono text-xs">{r.day}</td>
              <td className="min-w-32 p-2">{seriesLabel(r.series)}</td>
              <td className="p-2 text-right tabular-nums">{format.format(r.counted)}</td>
              <TokenCells tokens={r.tokens} unknown={showUnknown ? r.unknown : undefined} format={format} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          {/* One total per kind: tokens of unlike kinds are not added together. */}
          {summary.byKind.map((k) => (
            <tr key={k.key} className="border-t font-medium">
              <th scope="row" colSpan={3} className="p-2 text-left">
                {t('usage.totalOfKind', { kind: t(`usage.kinds.${k.key}`, { defaultValue: k.key }) })}
              </th>
              <TokenCells
                tokens={k.tokens}
                unknown={showUnknown ? k.unknown : undefined}
                format={format}
                testId={`usage-total-${k.key}`}
              />
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

/** A row's tokens (the exact number in data-tokens, for tests and copying) and tasks of unknown usage. */
function TokenCells({
  tokens,
  unknown,
  format,
  testId,
}: {
  tokens: number;
  /** Undefined: the table has no "without usage" column. */
  unknown: number | undefined;
  format: Intl.NumberFormat;
  testId?: string;
}) {
  return (
    <>
      <td className="p-2 text-right tabular-nums" data-testid={testId} data-tokens={tokens}>
        {format.format(tokens)}
      </td>
      {unknown !== undefined && (
        <td className="p-2 text-right tabular-nums">{unknown > 0 ? format.format(unknown) : '—'}</td>
      )}
    </>
  );
}
