import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { retryableImport } from '@/lib/chunk-retry';
import { Button } from '@/components/ui/button';
import { whenFirstPageIdle } from '@/lib/first-paint';
import { useTranslation, withNamespaces } from '@/lib/i18n';
import { createUploadIntake, type UploadTarget } from './upload-intake';

// Fetched afresh under a new URL after a failure (decision 260), so a chunk refused once (offline)
// still comes without a reload. Its strings come with it: the tray never suspends on them.
const loadTray = withNamespaces(
  retryableImport(() => import('./upload-tray')),
  ['upload'],
);

/** App-wide, like the queue it feeds: files taken on the library reach it whichever page is open. */
const intake = createUploadIntake(loadTray);

/** Hands files to the upload queue, which loads now if it has not yet; nothing chosen is lost. */
export function useAddFiles(): (files: File[], target: UploadTarget) => void {
  const queryClient = useQueryClient();
  return useCallback((files, target) => intake.add({ files, target, queryClient }), [queryClient]);
}

/**
 * The upload tray, once its code has come; fixed to the window's corner, so neither it nor its
 * stand-ins move anything on the page. Until then it is nothing on an idle library, and a short
 * note while files wait for the code, with Try again should that code fail to arrive.
 */
export function UploadTray({ onEmptied }: { onEmptied?: () => void }) {
  const { t } = useTranslation('assets');
  const { status, waiting, code } = useStore(intake.store);
  useEffect(() => whenFirstPageIdle(intake.load), []);
  if (code)
    return (
      // Only a language switch suspends it (the new language's strings): not the page with it.
      <Suspense fallback={null}>
        <code.UploadList onEmptied={onEmptied} />
      </Suspense>
    );
  if (waiting === 0) return null;
  const failed = status === 'failed';
  return (
    <section
      aria-label={t('upload.label')}
      className="fixed right-2 bottom-2 left-2 z-40 flex items-center gap-2 rounded-lg border bg-background px-3 py-2 text-sm shadow-lg sm:left-auto sm:w-96"
    >
      <p className="min-w-0 flex-1" role={failed ? 'alert' : 'status'}>
        {failed ? t('upload.trayFailed', { count: waiting }) : t('upload.waiting', { count: waiting })}
      </p>
      {failed && (
        <Button variant="outline" size="sm" onClick={intake.load}>
          {t('retry')}
        </Button>
      )}
    </section>
  );
}
