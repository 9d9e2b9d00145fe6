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

/**
 * Asked when the person leaves Settings with unsaved connection changes. An alert dialog: it
 * interrupts, and "stay" (first, focused) is the safe answer; Escape and the close button stay too.
 */
export function LeaveUnsavedDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onStay())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('leave.title')}</DialogTitle>
          <DialogDescription>{t('connection.leaveUnsaved')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            {t('leave.stay')}
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            {t('leave.discard')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
