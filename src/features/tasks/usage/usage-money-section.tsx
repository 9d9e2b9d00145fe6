import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PricesEditor } from '@/components/money/prices-editor';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { formatMoney, hasPrices } from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';
import type { UsageSample } from './usage-data';
import { summariseMoney, type MoneyLine } from './usage-money';

/**
 * The range's money by the person's own prices, labelled as theirs (not the deployment's bill),
 * with a link to the prices in Settings and the same editor in place.
 */
export function UsageMoneySection({ samples }: { samples: readonly UsageSample[] }) {
  const { t, i18n } = useTranslation('money');
  const book = usePriceBook();
  const [editing, setEditing] = useState(false);
  const money = useMemo(() => (hasPrices(book) ? summariseMoney(samples, book) : undefined), [samples, book]);
  const format = (amount: number) => formatMoney(amount, book.currency, i18n.language);
  const kindLabel = (key: string) => t(`kinds.${key}`, { defaultValue: key });
  const ruleLabel = (key: string) => t(`rules.${key}`, { defaultValue: key });
  return (
    <section aria-labelledby="usage-money" className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-money" className="text-lg font-semibold">
          {t('usage.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/settings#prices">{t('usage.openSettings')}</Link>
          </Button>
          <Button variant="outline" size="sm" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
            {editing ? t('usage.hideEditor') : t('usage.editHere')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{money ? t('usage.note') : t('usage.noPrices')}</p>
      {money && (
        <>
          <p
            className="text-3xl font-semibold tabular-nums"
            data-testid="money-total"
            data-amount={money.total.amount}
          >
            {format(money.total.amount)}
            {money.total.unpriced > 0 && (
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {t('usage.unpriced', { count: money.total.unpriced })}
              </span>
            )}
          </p>
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
            <MoneyList title={t('usage.byDay')} lines={money.byDay} label={(k) => k} format={format} />
            <MoneyList title={t('usage.byModel')} lines={money.byModel} label={(k) => k} format={format} />
            <MoneyList title={t('usage.byKind')} lines={money.byKind} label={kindLabel} format={format} />
            <MoneyList title={t('usage.byRule')} lines={money.byRule} label={ruleLabel} format={format} />
          </div>
        </>
      )}
      {editing && (
        <div className="border-t pt-3">
          <PricesEditor />
        </div>
      )}
    </section>
  );
}

function MoneyList({
  title,
  lines,
  label,
  format,
}: {
  title: string;
  lines: MoneyLine[];
  label: (key: string) => string;
  format: (amount: number) => string;
}) {
  const { t } = useTranslation('money');
  return (
    <div className="rounded-lg border p-3">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">—</p>
      ) : (
        <dl className="space-y-1 text-sm" aria-label={title}>
          {lines.map((line) => (
            <div key={line.key} className="flex items-baseline justify-between gap-3">
              <dt className="min-w-0 truncate">{label(line.key)}</dt>
              <dd className="shrink-0 tabular-nums" data-amount={line.amount}>
                {line.priced > 0 ? format(line.amount) : '—'}
                {line.unpriced > 0 && (
                  <span className="ml-1 text-xs text-muted-foreground">
                    {t('usage.unpriced', { count: line.unpriced })}
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
