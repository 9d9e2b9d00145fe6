import type { ReactNode } from 'react';
import type { UnreadableItem } from '@contract/list';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';

/** The raw JSON of an unreadable list item, for a compact notice (a table row); loaded when opened. */
export function RawItemDialog({
  item,
  raw,
  open,
  onOpenChange,
}: {
  item: UnreadableItem;
  raw: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('unreadable.title')}</DialogTitle>
          <DialogDescription>{t('unreadable.reason', { reason: item.reason })}</DialogDescription>
        </DialogHeader>
        {raw}
      </DialogContent>
    </Dialog>
  );
}
