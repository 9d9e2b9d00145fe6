import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/money/prices';
import type { CapBreach } from '@/lib/money/task-cost';

/**
 * Asked before a submit goes over a cap, with the figures. An alert dialog whose safe answer
 * ("don't send") comes first; Escape and the close button do not send either.
 */
export function CapDialog({
  breach,
  onAnswer,
}: {
  breach: CapBreach | null;
  onAnswer: (send: boolean) => void;
}) {
  const { t, i18n } = useTranslation('money');
  if (!breach) return null;
  const money = (amount: number) => formatMoney(amount, breach.currency, i18n.language);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onAnswer(false))}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('cap.title')}</DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-2">
              {breach.run && (
                <p>{t('cap.run', { estimate: money(breach.estimate.amount), cap: money(breach.run.cap) })}</p>
              )}
              {breach.day && (
                <p>
                  {t('cap.day', {
                    spent: money(breach.day.spent),
                    total: money(breach.day.spent + breach.estimate.amount),
                    cap: money(breach.day.cap),
                  })}
                </p>
              )}
              {breach.estimate.unpriced > 0 && (
                <p>{t('cap.unpriced', { count: breach.estimate.unpriced })}</p>
              )}
            </div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            {t('cap.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => onAnswer(true)}>
            {t('cap.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
