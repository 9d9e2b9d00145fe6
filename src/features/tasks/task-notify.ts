import { useSyncExternalStore } from 'react';
import type { toast as Toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';
import type { TaskFinishedEvent } from '@/api/tasks';

const TOAST_MS = 10_000;

let toastLoaded: Promise<typeof Toast> | undefined;

function loadToast() {
  toastLoaded ??= Promise.all([import('sonner'), toasterReady()]).then(([{ toast }]) => toast);
  return toastLoaded;
}

/** A toast with one action (open the task, open the new asset). */
export function toastWithAction(
  kind: 'success' | 'error' | 'info',
  title: string,
  options: { description?: string; actionLabel?: string; onAction?: () => void; id?: string },
): void {
  void loadToast().then((toast) =>
    toast[kind](title, {
      id: options.id,
      description: options.description,
      duration: TOAST_MS,
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

/** Ends announced one by one while this many of their toasts are still on screen… */
export const MAX_SEPARATE_ANNOUNCEMENTS = 3;
const SUMMARY_ID = 'tasks-finished-summary';
/** …then one summary, counted up in place: 200 toasts at once stalled the page (each is measured). */
let separateUntil: number[] = [];
let summary = { count: 0, until: 0 };

/** Tests only. */
export function resetAnnouncementsForTests() {
  separateUntil = [];
  summary = { count: 0, until: 0 };
}

/**
 * A toast for a task that finishes while the monitor watches it; a browser notification too when
 * the person allowed them and the window is not the one they are looking at. When many end
 * together, the first few get their own toast and the rest one "N more finished" toast (and one
 * notification) that opens the Tasks page.
 */
export function announceFinished(
  e: TaskFinishedEvent,
  open: (id: string) => void,
  openAll: () => void,
  now = Date.now(),
): void {
  separateUntil = separateUntil.filter((until) => until > now);
  if (separateUntil.length >= MAX_SEPARATE_ANNOUNCEMENTS) {
    summary = { count: summary.until > now ? summary.count + 1 : 1, until: now + TOAST_MS };
    const title = i18n.t('tasks:finished.more', { count: summary.count });
    const actionLabel = i18n.t('tasks:finished.openAll');
    toastWithAction('info', title, { id: SUMMARY_ID, actionLabel, onAction: openAll });
    notify(title, i18n.t('tasks:finished.moreBody'), SUMMARY_ID, openAll);
    return;
  }
  separateUntil.push(now + TOAST_MS);
  toastWithAction(
    e.status === 'succeeded' ? 'success' : e.status === 'failed' ? 'error' : 'info',
    finishedTitle(e),
    {
      description: describe(e),
      actionLabel: i18n.t('tasks:finished.open'),
      onAction: () => open(e.task.id),
    },
  );
  notify(finishedTitle(e), describe(e), e.task.id, () => open(e.task.id));
}

/** A browser notification (same tag: replaces the last one) when allowed and the window is elsewhere. */
function notify(title: string, body: string, tag: string, onClick: () => void): void {
  const api = notificationApi();
  if (api?.permission !== 'granted' || document.hasFocus()) return;
  try {
    const n = new api(title, { body, tag });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the toast is enough then.
  }
}
