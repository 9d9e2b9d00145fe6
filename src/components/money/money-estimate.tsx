import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import {
  formatMoney,
  hasPrices,
  priceFor,
  sumCosts,
  type CostInput,
  type MoneyTotal,
} from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';

/** The run's money by the person's prices; undefined while they have entered none (nothing shown). */
function useMoneyEstimate(inputs: readonly CostInput[]): MoneyTotal | undefined {
  const book = usePriceBook();
  return useMemo(() => (hasPrices(book) ? sumCosts(book, inputs) : undefined), [book, inputs]);
}

/**
 * Money beside the token estimate of a submit (composer, variations, task forms): shown once the
 * person has prices, with what it could not count said, never silently zero.
 */
export function MoneyEstimate({
  inputs,
  className,
  testId = 'money-estimate',
}: {
  inputs: readonly CostInput[];
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('money');
  const book = usePriceBook();
  const total = useMoneyEstimate(inputs);
  if (!total) return null;
  return (
    <p className={className ?? 'text-sm'}>
      <span className="text-muted-foreground">{t('estimate.label')}: </span>
      <output className="font-medium tabular-nums" aria-live="polite" data-testid={testId}>
        {total.priced > 0
          ? t('estimate.amount', { amount: formatMoney(total.amount, book.currency, i18n.language) })
          : // A price by tokens for a kind whose tokens the server counts (music, digital human): known after the run.
            inputs.some((input) => priceFor(book, input))
            ? t('estimate.afterRun')
            : t('estimate.none')}
      </output>
      {total.priced > 0 && total.unpriced > 0 && (
        <span className="ml-1 text-xs text-muted-foreground">
          ({t('estimate.unpriced', { count: total.unpriced })})
        </span>
      )}
    </p>
  );
}
