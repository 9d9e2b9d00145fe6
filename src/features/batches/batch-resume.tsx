import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTaskRegistry } from '@/api/task-registry-context';
import { resumeBatches } from './batch-session';

/**
 * Mounted by the shell at a tab's start when a batch was kept running: the run goes on from
 * whatever page opened (its tasks show in the task watcher), not only once its own page is visited.
 */
export function BatchResume() {
  const registry = useTaskRegistry();
  const client = useQueryClient();
  useEffect(() => {
    void resumeBatches(registry, client).catch(() => undefined);
  }, [registry, client]);
  return null;
}
