import { useEffect, useState, useSyncExternalStore } from 'react';
import { hasOpenTask, subscribeOpenTask } from '@/api/open-task-signal';
import { afterFirstPaint } from '@/lib/first-paint';

/**
 * True once an open task is held (api/open-task-signal.ts) and the first page's largest paint is
 * done: the watcher's chunk then never competes with the first paint (issue 19), and a task
 * created by a person (who has seen the page) starts it at once.
 */
export function useOpenTaskAfterPaint(): boolean {
  const open = useSyncExternalStore(subscribeOpenTask, hasOpenTask);
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
