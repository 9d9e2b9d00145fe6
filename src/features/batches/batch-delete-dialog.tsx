import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTaskRegistry } from '@/api/task-registry-context';
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
import { notifyError, notifySuccess, notifyUndoable } from '@/lib/notify';
import { removeBatch, undoRemove } from './batch-delete';
import { batchRunner } from './batch-session';

/** What the dialog says of the batch it deletes. */
export interface DeleteTarget {
  id: string;
  name: string;
  /** Rows not dropped. */
  rows: number;
  running: boolean;
}

/**
 * Asks before a batch is deleted (decision 700), naming it and its rows, and saying what stays:
 * the tasks it made, in Tasks and the Gallery. A running batch is said to be stopped first. Once
 * deleted, a toast offers Undo, which keeps the batch again as it was (a stopped run, paused).
 */
export function DeleteBatchDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('batches');
  const { t: tc } = useTranslation();
  const registry = useTaskRegistry();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = target ? target.name.trim() || t('untitled') : '';

  async function confirm(target: DeleteTarget) {
    setBusy(true);
    const runner = batchRunner(registry, client);
    try {
      const was = await removeBatch(runner, target.id);
      const done = t('delete.done', { name });
      if (was)
        notifyUndoable(done, () =>
          undoRemove(runner, was).catch((error: unknown) => notifyError(error, t('delete.undoFailed'))),
        );
      else notifySuccess(done);
      onDeleted?.();
    } catch (error) {
      notifyError(error, t('delete.failed'));
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {target && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('delete.title', { name })}</DialogTitle>
            <DialogDescription>{t('delete.what', { count: target.rows })}</DialogDescription>
          </DialogHeader>
          {target.running && (
            <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" role="note">
              {t('delete.running')}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {tc('actions.cancel')}
            </Button>
            <Button variant="destructive" onClick={() => void confirm(target)} disabled={busy}>
              <Trash2 aria-hidden="true" /> {t('delete.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
