import { TaskWatcher as FeatureWatcher } from '@/features/tasks/task-watcher';
import { StoryboardResumeHost } from '@/app/storyboard-resume-host';
import { BatchResumeHost } from '@/app/batch-resume-host';

export { RunningTasksBadge } from '@/features/tasks/task-watcher';

/**
 * The watcher's chunk as the shell mounts it on every page: the tasks' polling and announcements,
 * and the resumption of a storyboard kept mid-run (decision 335), which thus adds nothing to the
 * first load. Likewise a batch kept running (issue 45).
 */
export function TaskWatcher() {
  return (
    <>
      <FeatureWatcher />
      <StoryboardResumeHost />
      <BatchResumeHost />
    </>
  );
}
