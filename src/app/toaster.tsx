import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { retryableImport } from '@/app/chunk-retry';
import { ShellPart } from '@/app/shell-part';
import { whenFirstPageIdle } from '@/lib/first-paint';
import { useTranslation } from '@/lib/i18n';
import { isToasterRequested, requestToaster, subscribeToaster, toasterMounted } from '@/lib/toaster-host';
import { useTheme } from '@/lib/theme';

/** Runs its effect after the Toaster's own effects (children first), i.e. once it listens. */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/**
 * sonner's Toaster with the app's settings. A shell part (shell-part.tsx): it sits outside every
 * error boundary, and its chunk is fetched when the browser is idle, which may be just when it went
 * offline; a plain React.lazy failing there unmounted the whole app (a blank page).
 */
const sonnerChunk = retryableImport(() => import('sonner'));

async function loadToaster(): Promise<ComponentType> {
  const { Toaster } = await sonnerChunk();
  return function LoadedToaster() {
    const [theme] = useTheme();
    const { t } = useTranslation();
    return (
      <>
        <Toaster
          theme={theme}
          richColors
          closeButton
          // Top right, under the header: the bottom belongs to the pager and the upload tray, which
          // toasts there covered (and "Save as asset" with them on a task's result).
          position="top-right"
          offset={{ top: 64, right: 16 }}
          mobileOffset={{ top: 56 }}
          // sonner's own region label is English; it appends the shortcut (alt+T) itself.
          containerAriaLabel={t('notifications')}
        />
        <MountedSignal />
      </>
    );
  };
}

/** The one Toaster of the app, loaded lazily (see lib/toaster-host.ts). */
export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);

  // In an idle period once the first page has painted its data (not before: on a slow link its
  // 9 KB would count against that paint, decisions 140, 240), so toasts fired directly through
  // sonner also show. A toast raised earlier (notify.ts) asks for it at once and waits for it.
  useEffect(() => whenFirstPageIdle(requestToaster), []);

  return requested ? <ShellPart load={loadToaster} /> : null;
}
