import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTaskRegistry } from '@/api/task-registry-context';
import { resumeStoryboards } from './storyboard-session';

/**
 * Mounted by the shell at a tab's start when a storyboard was kept mid-run: the run goes on from
 * whatever page opened (its progress shows in the task watcher's strip), not only once its own
 * page is visited.
 */
export function StoryboardResume() {
  const registry = useTaskRegistry();
  const client = useQueryClient();
  useEffect(() => {
    void resumeStoryboards(registry, client).catch(() => undefined);
  }, [registry, client]);
  return null;
}
