import { useSyncExternalStore } from 'react';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';
import type { TaskFinishedEvent } from '@/api/tasks';
import { countByStatus, type FinishedGroup } from './finished-group';

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

interface Announcement {
  kind: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description: string;
}

function describeTask(e: TaskFinishedEvent): string {
  const prompt = typeof e.task.prompt === 'string' && e.task.prompt ? e.task.prompt.slice(0, 80) : undefined;
  return prompt ? `${prompt} (${e.task.id})` : e.task.id;
}

/** "Task succeeded" for one; "3 tasks finished" with "2 succeeded, 1 failed" for a group. */
export function announcement(events: readonly TaskFinishedEvent[]): Announcement {
  const [only] = events;
  if (events.length === 1 && only) {
    return {
      kind: only.status === 'succeeded' ? 'success' : only.status === 'failed' ? 'error' : 'info',
      title: i18n.t(`tasks:finished.${only.status}`),
      description: describeTask(only),
    };
  }
  const counts = countByStatus(events);
  const parts = (['succeeded', 'failed', 'cancelled'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => i18n.t(`tasks:finished.count.${status}`, { count: counts[status] }));
  return {
    kind:
      counts.succeeded === events.length
        ? 'success'
        : counts.failed === 0
          ? 'info'
          : counts.succeeded === 0
            ? 'error'
            : 'warning',
    title: i18n.t('tasks:finished.group', { count: events.length }),
    description: parts.join(i18n.t('tasks:finished.count.separator')),
  };
}

/** The browser notification of the current group, replaced as the group grows. */
let shown: { serial: number; notification: Notification } | undefined;

function notifyBrowser(serial: number, a: Announcement, tag: string, onOpen: () => void): void {
  const api = notificationApi();
  if (api?.permission !== 'granted' || document.hasFocus()) return;
  try {
    if (shown?.serial === serial) shown.notification.close();
    const n = new api(a.title, { body: a.description, tag });
    n.onclick = () => {
      window.focus();
      onOpen();
      n.close();
    };
    shown = { serial, notification: n };
  } catch {
    // Some browsers only allow notifications from a service worker; the toast is enough then.
  }
}

/**
 * One toast per group of tasks that finished close together (FinishedGrouper), replaced in place
 * as the group grows; a browser notification too, likewise one per group, when the person allowed
 * them and the window is not the one they are looking at. A single task links to itself; a group
 * to where `hrefOfGroup` says (the monitor, or its batch's comparison).
 */
export function announceFinished(
  group: FinishedGroup,
  go: (href: string) => void,
  hrefOfGroup: (events: readonly TaskFinishedEvent[]) => string,
): void {
  const { events, serial } = group;
  const a = announcement(events);
  const only = events.length === 1 ? events[0] : undefined;
  const open = () => go(only ? `/tasks/${encodeURIComponent(only.task.id)}` : hrefOfGroup(events));
  void loadToast().then((toast) =>
    toast[a.kind](a.title, {
      id: `tasks-finished-${serial}`,
      description: a.description,
      duration: 10_000,
      action: { label: i18n.t('tasks:finished.open'), onClick: open },
    }),
  );
  notifyBrowser(serial, a, only ? only.task.id : `tasks-finished-${serial}`, open);
}
