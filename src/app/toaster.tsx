import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenFirstPageIdle } from '@/lib/first-paint';
import { useTranslation } from '@/lib/i18n';
import { isToasterRequested, requestToaster, subscribeToaster, toasterMounted } from '@/lib/toaster-host';
import { useTheme } from '@/lib/theme';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Runs its effect after the Toaster's own effects (children first), i.e. once it listens. */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The one Toaster of the app, loaded lazily (see lib/toaster-host.ts). */
export function AppToaster() {
  const [theme] = useTheme();
  const { t } = useTranslation();
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);

  // In an idle period once the first page has painted its data (not before: on a slow link its
  // 9 KB would count against that paint, decisions 140, 240), so toasts fired directly through
  // sonner also show. A toast raised earlier (notify.ts) asks for it at once and waits for it.
  useEffect(() => whenFirstPageIdle(requestToaster), []);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
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
    </Suspense>
  );
}
