import { useSyncExternalStore } from 'react';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';
import type { TaskFinishedEvent } from '@/api/tasks';

async function loadToast() {
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady()]);
  return toast;
}

/** A toast with one action (open the task, open the new asset). */
export function toastWithAction(
  kind: 'success' | 'error' | 'info',
  title: string,
  options: { description?: string; actionLabel?: string; onAction?: () => void },
): void {
  void loadToast().then((toast) =>
    toast[kind](title, {
      description: options.description,
      duration: 10_000,
      ...(options.actionLabel && options.onAction
        ? { action: { label: options.actionLabel, onClick: options.onAction } }
        : {}),
    }),
  );
}

function notificationApi(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
}

export type NotificationPermissionState = NotificationPermission | 'unsupported';

const listeners = new Set<() => void>();
function readPermission(): NotificationPermissionState {
  return notificationApi()?.permission ?? 'unsupported';
}

export function useNotificationPermission(): NotificationPermissionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readPermission,
    () => 'unsupported',
  );
}

/** Asks the browser, only ever from a click on the button that says so. */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  const api = notificationApi();
  if (!api) return 'unsupported';
  const result = await api.requestPermission();
  for (const l of listeners) l();
  return result;
}

function finishedTitle(e: TaskFinishedEvent): string {
  return i18n.t(`tasks:finished.${e.status}`);
}

function describe(e: TaskFinishedEvent): string {
  const prompt = typeof e.task.prompt === 'string' && e.task.prompt ? e.task.prompt.slice(0, 80) : undefined;
  return prompt ? `${prompt} (${e.task.id})` : e.task.id;
}

/**
 * A toast for every task that finishes while the monitor watches it; a browser notification too
 * when the person allowed them and the window is not the one they are looking at.
 */
export function announceFinished(e: TaskFinishedEvent, open: (id: string) => void): void {
  toastWithAction(
    e.status === 'succeeded' ? 'success' : e.status === 'failed' ? 'error' : 'info',
    finishedTitle(e),
    {
      description: describe(e),
      actionLabel: i18n.t('tasks:finished.open'),
      onAction: () => open(e.task.id),
    },
  );
  const api = notificationApi();
  if (api?.permission !== 'granted' || document.hasFocus()) return;
  try {
    const n = new api(finishedTitle(e), { body: describe(e), tag: e.task.id });
    n.onclick = () => {
      window.focus();
      open(e.task.id);
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the toast is enough then.
  }
}
