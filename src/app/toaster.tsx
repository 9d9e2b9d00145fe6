import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { retryableImport } from '@/lib/chunk-retry';
import { ShellPart } from '@/app/shell-part';
import { whenFirstPageIdle } from '@/lib/first-paint';
import { isToasterRequested, requestToaster, subscribeToaster } from '@/lib/toaster-host';

/**
 * sonner's Toaster with the app's settings (loaded-toaster.tsx). A shell part (shell-part.tsx): it
 * sits outside every error boundary, and its chunk is fetched when the browser is idle, which may be
 * just when it went offline; a plain React.lazy failing there unmounted the whole app (a blank page).
 */
const toasterChunk = retryableImport(() => import('@/app/loaded-toaster'));
const loadToaster = (): Promise<ComponentType> => toasterChunk().then((m) => m.LoadedToaster);

/** The one Toaster of the app, loaded lazily (see lib/toaster-host.ts). */
export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);

  // In an idle period once the first page has painted its data (not before: on a slow link its
  // 9 KB would count against that paint, decisions 140, 240), so toasts fired directly through
  // sonner also show. A toast raised earlier (notify.ts) asks for it at once and waits for it.
  useEffect(() => whenFirstPageIdle(requestToaster), []);

  return requested ? <ShellPart load={loadToaster} /> : null;
}
