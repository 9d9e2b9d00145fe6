/*
 * Whether this tab has held a task not known to have ended: one created here, or restored from
 * storage by a page that read the registry. The shell starts the task watcher on it
 * (lib/open-task-signal.ts), not only once the first page has settled (seconds on a phone, while
 * the created task may end first). A few bytes apart from the registry, so the shell's first load
 * does not carry the registry.
 */
let seen = false;
const listeners = new Set<() => void>();

/** Called by the registry whenever it holds an open task; only the first call signals. */
export function noteOpenTask(): void {
  if (seen) return;
  seen = true;
  for (const listener of listeners) listener();
}

export function subscribeOpenTask(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hasOpenTask = () => seen;
