import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { submitShortcutLabel } from '@/lib/form/submit-shortcut';
import { useTranslation } from '@/lib/i18n';
import { usePaletteStore } from './palette-store';

/** `?`: every keyboard shortcut of the dashboard, in one list. */
export function ShortcutsDialog({ shortcut }: { shortcut: string }) {
  const { t } = useTranslation('palette');
  const closed = usePaletteStore((s) => s.closed);
  const rows: [string, string][] = [
    [shortcut, t('shortcuts.palette')],
    ['?', t('shortcuts.help')],
    ['Esc', t('shortcuts.close')],
    ['↑ ↓', t('shortcuts.move')],
    ['Enter', t('shortcuts.run')],
    ['Tab', t('shortcuts.tab')],
    [submitShortcutLabel(), t('shortcuts.submit')],
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && closed()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <table className="w-full text-sm">
          <caption className="sr-only">{t('shortcuts.title')}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('shortcuts.keys')}</th>
              <th scope="col">{t('shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([keys, action]) => (
              <tr key={keys} className="border-b last:border-0">
                <td className="py-2 pr-4">
                  <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
                </td>
                <td className="py-2">{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
