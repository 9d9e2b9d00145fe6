import { isActiveStatus, normalizeTaskStatus } from '@contract/task';
import { X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useConnectionStore } from '@/api/connection-store';
import type { TrackedTask } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import { useOpenTasks } from '@/api/task-registry-context';
import {
  dismissStoryboardProgress,
  useStoryboardProgress,
  type StoryboardProgress,
} from '@/lib/storyboard/storyboard-progress';
import { useNotificationPermission } from './task-notify';
import { FinishedAnnouncer, TaskPoller } from './task-poller';

/** The task open at /tasks/<id>: its detail has its own observer, so the watcher leaves it out. */
export function openTaskId(pathname: string): string | undefined {
  const m = /^\/tasks\/([^/?#]+)/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1];
  }
}

/**
 * Mounted by the shell on every page (decision 180): the unfinished tasks keep being polled on the
 * adaptive policy wherever the person is, and a toast says when one ends. A hidden tab polls only
 * when browser notifications are on, so that the notification can arrive.
 */
export function TaskWatcher() {
  const { pathname } = useLocation();
  const permission = useNotificationPermission();
  return (
    <>
      <TaskPoller excludeId={openTaskId(pathname)} inBackground={permission === 'granted'} />
      <FinishedAnnouncer />
      <StoryboardRuns pathname={pathname} />
    </>
  );
}

/** The storyboard open at /storyboard/<id>: its page shows its own progress. */
function openStoryboardId(pathname: string): string | undefined {
  return /^\/storyboard\/([^/?#]+)/.exec(pathname)?.[1];
}

/**
 * A storyboard's run on every other page (issue 32): shots done of all, the whole's progress, and
 * its end, kept until dismissed. The runner publishes it (src/lib/storyboard/storyboard-progress);
 * a run in another tab of the browser shows too, saying so, until it ends there (decision 650).
 */
export function StoryboardRuns({ pathname }: { pathname: string }) {
  const { t } = useTranslation('tasks');
  const runs = useStoryboardProgress().filter((r) => r.id !== openStoryboardId(pathname));
  if (runs.length === 0) return null;
  return (
    <section aria-label={t('storyboardRun.label')} className="mb-4 flex flex-col gap-2">
      {runs.map((run) => (
        <StoryboardRun key={run.id} run={run} />
      ))}
    </section>
  );
}

function StoryboardRun({ run }: { run: StoryboardProgress }) {
  const { t } = useTranslation('tasks');
  const words = { name: run.name, done: run.done, total: run.total };
  const text = run.elsewhere
    ? t('storyboardRun.elsewhere', words)
    : run.active
      ? t('storyboardRun.running', words)
      : run.failed > 0
        ? t('storyboardRun.stopped', { ...words, count: run.failed })
        : t('storyboardRun.finished', words);
  return (
    <div className="flex items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        {/* A live region per run: its words change as shots end, and its end is announced. */}
        <p role="status" className="min-w-0 flex-1 basis-48">
          {text}
        </p>
        {run.active && (
          <Progress
            size="compact"
            value={Math.round(run.fraction * 100)}
            label={t('storyboardRun.progress', { name: run.name })}
          />
        )}
        <Link
          to={`/storyboard/${encodeURIComponent(run.id)}`}
          className="text-sm font-medium text-primary underline-offset-2 hover:underline"
        >
          {t('storyboardRun.open')}
        </Link>
      </div>
      {!run.active && (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={t('storyboardRun.dismiss', { name: run.name })}
          onClick={() => dismissStoryboardProgress(run.id)}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** Tasks of this connection last seen waiting or running (what the navigation counts). */
export function countRunning(tasks: readonly TrackedTask[], baseUrl: string): number {
  let n = 0;
  for (const task of tasks) {
    if (task.baseUrl !== undefined && task.baseUrl !== baseUrl) continue;
    if (task.last?.notFound || task.last?.status === undefined) continue;
    if (isActiveStatus(normalizeTaskStatus(task.last.status))) n += 1;
  }
  return n;
}

/** The number beside "Tasks" in the navigation; nothing when no task runs. */
export function RunningTasksBadge() {
  const { t } = useTranslation();
  // Finished tasks never count: only the open ones are read, and only when one of them changes.
  const tasks = useOpenTasks();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const running = countRunning(tasks, baseUrl);
  if (running === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground">
      <span aria-hidden="true">{running}</span>
      <span className="sr-only">{t('nav.running', { count: running })}</span>
    </span>
  );
}
