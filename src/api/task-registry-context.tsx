import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { assetModelMemory } from '@/api/asset-models';
import { TaskRegistry, type RegistryStatus, type TrackedTask } from '@/api/task-registry';
import { defaultBackend } from '@/api/task-registry-storage';

/*
 * Which registry the dashboard's components use. The app renders no provider: every component then
 * shares one registry on the browser's storage, created (and its stored list loaded) on first use.
 * A provider hands a subtree another one, e.g. a test's registry on a memory backend.
 */

let appRegistry: TaskRegistry | undefined;

function defaultRegistry(): TaskRegistry {
  return (appRegistry ??= new TaskRegistry(defaultBackend(), {
    broadcast: true,
    assetModels: assetModelMemory(),
  }));
}

const RegistryContext = createContext<TaskRegistry | undefined>(undefined);

export function TaskRegistryProvider({
  registry,
  children,
}: {
  registry: TaskRegistry;
  children: ReactNode;
}) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useTaskRegistry(): TaskRegistry {
  return useContext(RegistryContext) ?? defaultRegistry();
}

/** One task; re-renders only when that task changes. */
export function useTrackedTask(id: string): TrackedTask | undefined {
  const r = useTaskRegistry();
  const subscribe = useCallback((listener: () => void) => r.subscribeTask(id, listener), [r, id]);
  return useSyncExternalStore(subscribe, () => r.get(id));
}

/** Every tracked task, newest first; re-renders on any change (pages that show the whole list). */
export function useTrackedTasks(): readonly TrackedTask[] {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribe, r.list);
}

/**
 * The tasks not known to have ended, newest first; re-renders only when one of them changes,
 * starts or ends, so the watcher and the navigation's badge cost nothing per write to the
 * thousands of finished ones.
 */
export function useOpenTasks(): readonly TrackedTask[] {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribeOpen, r.open);
}

export function useRegistryStatus(): RegistryStatus {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribe, r.getStatus);
}
