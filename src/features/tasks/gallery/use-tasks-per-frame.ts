import { useCallback, useSyncExternalStore } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';

/**
 * Every tracked task, as `useTrackedTasks`, but re-rendering at most once a frame: the gallery
 * derives its list from all 10,000 tasks (connection, filters, variants, models), and tasks ending
 * in bulk write the registry a few hundred times a second, each answer in a task of its own. The
 * first write after a quiet frame renders at once; the writes that follow it in that frame render
 * together at the next one (decision 631). A render for any other reason reads the list as it is.
 */
export function useTrackedTasksPerFrame(): readonly TrackedTask[] {
  const r = useTaskRegistry();
  const subscribe = useCallback(
    (changed: () => void) => {
      let frame: number | undefined;
      let missed = false;
      const atFrame = () => {
        frame = undefined;
        if (!missed) return;
        missed = false;
        changed();
        frame = requestAnimationFrame(atFrame);
      };
      const stop = r.subscribe(() => {
        if (frame !== undefined) {
          missed = true;
          return;
        }
        changed();
        frame = requestAnimationFrame(atFrame);
      });
      return () => {
        stop();
        if (frame !== undefined) cancelAnimationFrame(frame);
      };
    },
    [r],
  );
  return useSyncExternalStore(subscribe, r.list);
}
