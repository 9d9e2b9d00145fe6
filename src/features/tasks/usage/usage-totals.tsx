import { useTranslation } from '@/lib/i18n';
import type { UsageSummary, UsageTotal } from './usage-data';

/** The answer first: the range's tokens per kind, then by kind, by model and by billing rule. */
export function UsageTotals({ summary }: { summary: UsageSummary }) {
  const { t, i18n } = useTranslation('tasks');
  const format = new Intl.NumberFormat(i18n.language);
  const kindLabel = (key: string) => t(`usage.kinds.${key}`, { defaultValue: key });
  const ruleLabel = (key: string) => t(`usage.rules.${key}`, { defaultValue: key });
  return (
    <section aria-labelledby="usage-totals" className="space-y-3">
      <h2 id="usage-totals" className="sr-only">
        {t('usage.totals')}
      </h2>
      <div className="rounded-lg border p-4">
        <p className="text-sm text-muted-foreground">{t('usage.rangeTotal')}</p>
        {/* Tokens per kind only: a video token and a music token are not one unit (money is, below). */}
        <ul className="flex flex-wrap gap-x-8 gap-y-2" data-testid="range-total">
          {summary.byKind.map((k) => (
            <li key={k.key}>
              <span className="block text-sm text-muted-foreground">{kindLabel(k.key)}</span>
              <span
                className="text-2xl font-semibold tabular-nums"
                data-testid={`range-total-${k.key}`}
                data-tokens={k.tokens}
              >
                {t('usage.tokenCount', { count: k.tokens, formatted: format.format(k.tokens) })}
              </span>
            </li>
          ))}
        </ul>
        {summary.unknown > 0 && (
          <p className="text-sm text-muted-foreground">
            {t('usage.unknownNote', { count: summary.unknown })}
          </p>
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <TotalList title={t('usage.byKind')} totals={summary.byKind} label={kindLabel} format={format} />
        <TotalList title={t('usage.byModel')} totals={summary.byModel} label={(k) => k} format={format} />
        <TotalList title={t('usage.byRule')} totals={summary.byRule} label={ruleLabel} format={format} />
      </div>
    </section>
  );
}

function TotalList({
  title,
  totals,
  label,
  format,
}: {
  title: string;
  totals: UsageTotal[];
  label: (key: string) => string;
  format: Intl.NumberFormat;
}) {
  const { t } = useTranslation('tasks');
  return (
    <div className="rounded-lg border p-3">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {totals.length === 0 ? (
        <p className="text-sm text-muted-foreground">—</p>
      ) : (
        <dl className="space-y-1 text-sm" aria-label={title}>
          {totals.map((row) => (
            <div key={row.key} className="flex items-baseline justify-between gap-3">
              <dt className="min-w-0 truncate">{label(row.key)}</dt>
              <dd className="shrink-0 tabular-nums" data-tokens={row.tokens}>
                {format.format(row.tokens)}
                {row.unknown > 0 && (
                  <span className="ml-1 text-xs text-muted-foreground">
                    {t('usage.plusUnknown', { count: row.unknown })}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
