import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { StickyProblems } from '@/components/form/submit-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { submitShortcutAria, submitShortcutLabel } from '@/lib/form/submit-shortcut';
import { useTranslation } from '@/lib/i18n';
import { hasPrices, type CostInput } from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';

/**
 * The create button with the estimated usage beside it. Below xl it sticks to the bottom of the
 * screen while the form is in view, so on a phone it is reachable without scrolling past the
 * whole form (the form is a flex column there, so the bar's containing block is the whole form).
 */
export function ActionBar({
  tokens,
  pending,
  count = 1,
  costInputs,
}: {
  tokens: number | undefined;
  pending: boolean;
  /** Tasks one click creates (a batch of variations makes several); the estimate is their total. */
  count?: number;
  /** What the money estimate prices (one per task), shown once the person has prices. */
  costInputs: readonly CostInput[];
}) {
  const { t, i18n } = useTranslation('composer');
  const priced = hasPrices(usePriceBook());
  return (
    <div
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 xl:static xl:mx-0 xl:rounded-lg xl:border xl:bg-card xl:p-4"
      data-testid="composer-action-bar"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <p>
          <span className="text-muted-foreground">
            {count > 1 ? t('estimate.labelTotal', { count }) : t('estimate.label')}:{' '}
          </span>
          <output className="font-medium tabular-nums" aria-live="polite" data-testid="token-estimate">
            {tokens === undefined
              ? t('estimate.unknown')
              : t('estimate.tokens', { tokens: tokens.toLocaleString(i18n.language) })}
          </output>
        </p>
        <MoneyEstimate inputs={costInputs} />
        {/* Phones have no shortcut to offer, and there the bar keeps to the estimate and the button. */}
        <p className="hidden text-xs text-muted-foreground sm:block">
          {t('submit.shortcut', { keys: submitShortcutLabel() })}
        </p>
      </div>
      <p className="hidden text-xs text-muted-foreground xl:block">
        {t('estimate.hint')}
        {/* Without prices the estimate has no money beside it: say where it comes from. */}
        {!priced && (
          <>
            {' '}
            <Link to="/settings#prices" className="underline underline-offset-2 hover:text-foreground">
              {t('estimate.setPrices')}
            </Link>
            .
          </>
        )}
      </p>
      <StickyProblems />
      <Button
        type="submit"
        size="lg"
        disabled={pending}
        className="w-full"
        aria-keyshortcuts={submitShortcutAria()}
      >
        {pending ? <Spinner /> : <Send aria-hidden="true" />}
        {pending ? t('submit.sending') : count > 1 ? t('submit.labelMany', { count }) : t('submit.label')}
      </Button>
    </div>
  );
}
