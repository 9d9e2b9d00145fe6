import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { TaskRegistry, type RegistryStatus, type TrackedTask } from '@/api/task-registry';
import { defaultBackend } from '@/api/task-registry-storage';

/*
 * Which registry the dashboard's components use. The app renders no provider: every component then
 * shares one registry on the browser's storage, created (and its stored list loaded) on first use.
 * A provider hands a subtree another one, e.g. a test's registry on a memory backend.
 */

let appRegistry: TaskRegistry | undefined;

function defaultRegistry(): TaskRegistry {
  return (appRegistry ??= new TaskRegistry(defaultBackend(), { broadcast: true }));
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

export function useTrackedTask(id: string): TrackedTask | undefined {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribe, () => r.get(id));
}

export function useTrackedTasks(): readonly TrackedTask[] {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribe, r.list);
}

export function useRegistryStatus(): RegistryStatus {
  const r = useTaskRegistry();
  return useSyncExternalStore(r.subscribe, r.getStatus);
}
