import { useTranslation } from '@/lib/i18n';
import { formatMoney, hasPrices } from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';
import { trackedTaskCost } from '@/lib/money/task-cost';
import type { TrackedTask } from '@/api/task-registry-schema';

/**
 * One task's cost by the person's prices (monitor, gallery); nothing without a price for it. Its
 * strings are the monitor's (`tasks`), so those pages load no other namespace on their way in.
 */
export function TaskCost({ task, className }: { task: TrackedTask; className?: string }) {
  const { t, i18n } = useTranslation('tasks');
  const book = usePriceBook();
  const cost = hasPrices(book) ? trackedTaskCost(book, task) : undefined;
  if (!cost) return null;
  const amount = formatMoney(cost.amount, book.currency, i18n.language);
  return (
    <span
      className={className ?? 'text-xs tabular-nums text-muted-foreground'}
      data-testid="task-cost"
      title={cost.estimated ? t('cost.estimatedTitle') : t('cost.label')}
    >
      <span className="sr-only">{t('cost.label')}: </span>
      {cost.estimated ? t('cost.estimated', { amount }) : t('cost.reported', { amount })}
    </span>
  );
}
