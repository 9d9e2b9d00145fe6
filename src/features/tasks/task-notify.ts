import { useSyncExternalStore } from 'react';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';
import type { TrackedTask } from '@/api/task-registry';
import type { TaskFinishedEvent } from '@/api/tasks';
import { countByStatus, type FinishedGroup } from './finished-group';

async function loadToast() {
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady()]);
  return toast;
}

/**
 * How long a toast that carries an action stays: long enough to read it and reach the button
 * (at least 8 s), and held for as long as the pointer or the keyboard is on it (app/toaster.tsx).
 */
export const ACTION_TOAST_MS = 10_000;

/** A toast with one action (open the task, open the new asset). */
export function toastWithAction(
  kind: 'success' | 'error' | 'info',
  title: string,
  options: { description?: string; actionLabel?: string; onAction?: () => void },
): void {
  void loadToast().then((toast) =>
    toast[kind](title, {
      description: options.description,
      duration: ACTION_TOAST_MS,
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

/** What the person called the task, as this browser recorded it: its name, else its prompt. */
export type TaskNamer = (taskId: string) => string | undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A tracked task's name (a digital-human video's `name`) or prompt, as sent. */
export function trackedTaskName(task: TrackedTask | undefined): string | undefined {
  if (!task) return undefined;
  return (
    text(task.request?.name) ?? text(task.prompt) ?? text(task.request?.prompt) ?? text(task.request?.text)
  );
}

/** The task by its name or prompt ("Avatar test"), its id only when it has neither. */
function describeTask(e: TaskFinishedEvent, nameOf: TaskNamer): string {
  const name = nameOf(e.task.id) ?? text(e.task.prompt);
  return name ? (name.length > 80 ? `${name.slice(0, 79)}…` : name) : e.task.id;
}

/** "Task succeeded" for one; "3 tasks finished" with "2 succeeded, 1 failed" for a group. */
export function announcement(
  events: readonly TaskFinishedEvent[],
  nameOf: TaskNamer = () => undefined,
): Announcement {
  const [only] = events;
  if (events.length === 1 && only) {
    return {
      kind: only.status === 'succeeded' ? 'success' : only.status === 'failed' ? 'error' : 'info',
      title: i18n.t(`tasks:finished.${only.status}`),
      description: describeTask(only, nameOf),
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
  options: { nameOf?: TaskNamer; onClosed?: (serial: number) => void } = {},
): void {
  const { events, serial } = group;
  const a = announcement(events, options.nameOf);
  const closed = () => options.onClosed?.(serial);
  const only = events.length === 1 ? events[0] : undefined;
  const open = () => go(only ? `/tasks/${encodeURIComponent(only.task.id)}` : hrefOfGroup(events));
  void loadToast().then((toast) =>
    toast[a.kind](a.title, {
      id: `tasks-finished-${serial}`,
      description: a.description,
      duration: ACTION_TOAST_MS,
      action: { label: i18n.t('tasks:finished.open'), onClick: open },
      onDismiss: closed,
      onAutoClose: closed,
    }),
  );
  notifyBrowser(serial, a, only ? only.task.id : `tasks-finished-${serial}`, open);
}
