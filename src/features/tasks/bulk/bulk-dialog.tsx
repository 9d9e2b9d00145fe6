import { useMemo, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import { formatMoney, sumCosts } from '@/lib/money/prices';
import { usePriceBook } from '@/lib/money/prices-store';
import { checkCaps, requestCostInput, spentOnDay } from '@/lib/money/task-cost';
import { notifyUndoable } from '@/lib/notify';
import { isActive, planRerun, type RerunEdit } from './bulk-plan';
import { useBulkSend } from './use-bulk-send';

export type BulkActionKind = 'rerun' | 'rerunEdit' | 'retryFailed' | 'forget';
export interface BulkAction {
  kind: BulkActionKind;
  ids: readonly string[];
}

const newBatchId = () => `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Asks before a bulk action, saying how many tasks it touches and what it is estimated to cost by
 * the person's prices (and the tokens, which need no prices); a re-run over a cap says so here.
 */
export function BulkDialog({
  action,
  tasks,
  onClose,
  onDone,
}: {
  action: BulkAction;
  tasks: readonly TrackedTask[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('tasks');
  const { t: tm } = useTranslation('money');
  const registry = useTaskRegistry();
  const book = usePriceBook();
  const { send, sending } = useBulkSend();
  const targets = useMemo(() => {
    const ids = new Set(action.ids);
    return tasks.filter((task) => ids.has(task.id));
  }, [action.ids, tasks]);
  const [edit, setEdit] = useState<{ duration: string; model: string; promptSuffix: string }>({
    duration: '',
    model: '',
    promptSuffix: '',
  });
  const rerunEdit: RerunEdit = {
    ...(edit.duration ? { duration: Number(edit.duration) } : {}),
    ...(edit.model.trim() ? { model: edit.model.trim() } : {}),
    ...(edit.promptSuffix.trim() ? { promptSuffix: edit.promptSuffix } : {}),
  };
  const forget = action.kind === 'forget';
  const plan = forget ? undefined : planRerun(targets, rerunEdit, () => 'preview');
  const inputs = plan?.requests.map(requestCostInput) ?? [];
  const tokens = inputs.reduce((sum, input) => sum + (input.tokens ?? 0), 0);
  const breach = plan
    ? checkCaps(book, sumCosts(book, inputs), spentOnDay(book, registry.list()))
    : undefined;
  const running = targets.filter(isActive).length;
  const count = forget ? targets.length : (plan?.requests.length ?? 0);
  const money = (amount: number) => formatMoney(amount, book.currency, i18n.language);
  const models = useMemo(() => [...new Set(targets.flatMap((task) => task.model ?? []))].sort(), [targets]);

  async function confirm() {
    if (forget) {
      const removed = registry.untrack(targets.map((task) => task.id));
      onDone();
      if (removed.length > 0)
        notifyUndoable(t('bulk.forgotten', { count: removed.length }), () => registry.restore(removed));
      return;
    }
    const created = await send(planRerun(targets, rerunEdit, newBatchId).requests);
    if (created.length > 0) onDone();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !sending && onClose()}>
      <DialogContent role="alertdialog" width="2xl">
        <DialogHeader>
          <DialogTitle>{t(`bulk.ask.${action.kind}`, { count })}</DialogTitle>
          <DialogDescription>
            {forget ? t('bulk.forgetNote') : t('bulk.rerunNote', { count })}
          </DialogDescription>
        </DialogHeader>
        {action.kind === 'rerunEdit' && (
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">{t('bulk.edit.legend')}</legend>
            <div className="space-y-1">
              <Label htmlFor="bulk-duration">{t('bulk.edit.duration')}</Label>
              <Input
                id="bulk-duration"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                placeholder={t('bulk.edit.unchanged')}
                value={edit.duration}
                onChange={(e) => setEdit({ ...edit, duration: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="bulk-model">{t('bulk.edit.model')}</Label>
              <Input
                id="bulk-model"
                list="bulk-models"
                placeholder={t('bulk.edit.unchanged')}
                value={edit.model}
                onChange={(e) => setEdit({ ...edit, model: e.target.value })}
              />
              <datalist id="bulk-models">
                {models.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
            </div>
            <div className="space-y-1">
              <Label htmlFor="bulk-suffix">{t('bulk.edit.suffix')}</Label>
              <Input
                id="bulk-suffix"
                placeholder={t('bulk.edit.suffixPlaceholder')}
                value={edit.promptSuffix}
                onChange={(e) => setEdit({ ...edit, promptSuffix: e.target.value })}
              />
            </div>
          </fieldset>
        )}
        <div className="space-y-1 text-sm" data-testid="bulk-figures">
          <p>{t('bulk.count', { count })}</p>
          {plan && (
            <>
              <p>
                {tokens > 0
                  ? t('bulk.tokens', { tokens: tokens.toLocaleString(i18n.language) })
                  : t('bulk.tokensAfter')}
              </p>
              <MoneyEstimate inputs={inputs} testId="bulk-money" />
              {book.prices.length === 0 && <p className="text-muted-foreground">{t('bulk.noPrices')}</p>}
            </>
          )}
          {forget && <p className="text-muted-foreground">{t('bulk.forgetCosts')}</p>}
          {plan && plan.skipped.length > 0 && (
            <p className="text-muted-foreground">{t('bulk.skipped', { count: plan.skipped.length })}</p>
          )}
          {running > 0 && <p className="text-warning">{t('bulk.running', { count: running })}</p>}
          {breach?.run && (
            <p role="alert" className="text-destructive">
              {tm('cap.run', { estimate: money(breach.estimate.amount), cap: money(breach.run.cap) })}
            </p>
          )}
          {breach?.day && (
            <p role="alert" className="text-destructive">
              {tm('cap.day', {
                spent: money(breach.day.spent),
                total: money(breach.day.spent + breach.estimate.amount),
                cap: money(breach.day.cap),
              })}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={sending}>
            {t('bulk.back')}
          </Button>
          <Button
            variant={forget || breach ? 'destructive' : 'default'}
            disabled={count === 0 || sending}
            onClick={() => void confirm()}
          >
            {t(`bulk.do.${action.kind}`, { count })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
