import { Bell, BellOff, Download } from 'lucide-react';
import { datedJsonName, downloadJson, ImportJsonButton } from '@/components/json-file';
import { Button } from '@/components/ui/button';
import { RegistryImportError } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { useTranslation } from '@/lib/i18n';
import { importPrices, withPrices } from '@/lib/money/prices-store';
import { notifyError, notifySuccess } from '@/lib/notify';
import { importRatings, withRatings } from './ratings/ratings-store';
import { requestNotificationPermission, useNotificationPermission } from './task-notify';

/** Export the tracked tasks as a JSON file, import one (merged, with a count of what was added). */
export function RegistryActions({ count }: { count: number }) {
  const { t } = useTranslation('tasks');
  const registry = useTaskRegistry();

  async function exportFile() {
    // The ratings and notes travel in the same file (ratings/ratings-store.ts).
    // The person's prices travel in it too (lib/money/prices-store.ts), and the prompt library.
    // The library's code is fetched only when a file is exported or imported, not with this page.
    const { exportWithTemplates } = await import('@/lib/templates/template-store');
    downloadJson(
      datedJsonName('tasks'),
      await exportWithTemplates(withPrices(withRatings(registry.exportJson()))),
    );
  }

  async function importFile(file: File) {
    try {
      const text = await file.text();
      const result = registry.importJson(text);
      importRatings(text);
      importPrices(text);
      // A file from before templates carries none, and templates it cannot read are not the tasks' failure.
      const { importTemplatesFromFile } = await import('@/lib/templates/template-store');
      const templates = await importTemplatesFromFile(text).then(
        ({ added, versions }) => added + versions,
        () => 0,
      );
      notifySuccess(
        t('import.result', { added: result.added, already: result.alreadyTracked, invalid: result.invalid }) +
          (templates > 0 ? ` ${t('import.templates', { count: templates })}` : ''),
      );
    } catch (error) {
      notifyError(
        error instanceof RegistryImportError ? new Error(t(`import.${error.reason}`)) : error,
        t('import.failed'),
      );
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void exportFile()} disabled={count === 0}>
        <Download aria-hidden /> {t('export.button')}
      </Button>
      <ImportJsonButton size="sm" label={t('import.button')} onFile={(file) => void importFile(file)} />
      <NotificationButton />
    </>
  );
}

/** Browser notifications are asked for only from this button, never on arrival. */
function NotificationButton() {
  const { t } = useTranslation('tasks');
  const permission = useNotificationPermission();
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <Bell aria-hidden className="size-4" /> {t('notifications.on')}
      </span>
    );
  }
  if (permission === 'denied') {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs text-muted-foreground"
        title={t('notifications.deniedHint')}
      >
        <BellOff aria-hidden className="size-4" /> {t('notifications.denied')}
      </span>
    );
  }
  return (
    <Button variant="ghost" size="sm" onClick={() => void requestNotificationPermission()}>
      <Bell aria-hidden /> {t('notifications.ask')}
    </Button>
  );
}
