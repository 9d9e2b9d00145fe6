import { useEffect, useState, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';

/*
 * Whether this tab has held a task not known to have ended: one created here, or restored from
 * storage by a page that read the registry. The shell starts the task watcher on it, not only
 * once the first page has settled (seconds on a phone, while the created task may end first).
 * A few bytes apart from the registry, so the shell's first load does not carry the registry.
 */
let seen = false;
const listeners = new Set<() => void>();

/** Called by the registry whenever it holds an open task; only the first call signals. */
export function noteOpenTask(): void {
  if (seen) return;
  seen = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasOpenTask = () => seen;

/**
 * True once an open task is held and the first page's largest paint is done: the watcher's chunk
 * then never competes with the first paint (issue 19), and a task created by a person (who has
 * seen the page) starts it at once.
 */
export function useOpenTaskAfterPaint(): boolean {
  const open = useSyncExternalStore(subscribe, hasOpenTask);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void afterFirstPaint().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, [open]);
  return open && painted;
}
