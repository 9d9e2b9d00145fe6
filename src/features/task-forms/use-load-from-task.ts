import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { fetchTaskObject } from '@/api/generic-tasks';
import { getTrackedTask, taskRegistry } from '@/api/task-registry';
import { kindOfBody, taskToBody, type FormKind } from './draft';

export type LoadState =
  | { kind: 'loading'; taskId: string }
  | { kind: 'loaded'; taskId: string; source: 'recorded' | 'rebuilt'; undo: () => void }
  | { kind: 'failed'; taskId: string; error: unknown }
  | { kind: 'wrongKind'; taskId: string; taskKind: string };

/**
 * "Edit and re-run": `?from=<taskId>` loads that task's request into the form of its kind: the
 * exact body recorded when this dashboard created it, else one rebuilt from GET /v1/tasks/{id}.
 * `apply` puts the body into the draft and returns how to undo; `from` leaves the URL once
 * loaded, so a reload keeps the edits instead of loading the task again.
 */
export function useLoadFromTask(
  apply: (kind: FormKind, body: Record<string, unknown>) => { undo: () => void; pathname: string },
) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = params.get('from');
  const [state, setState] = useState<LoadState | null>(null);

  useEffect(() => {
    if (!from) return;
    const controller = new AbortController();
    // Leaves `from` out of the URL, on the tab of the task's kind.
    const dropFrom = (pathname = location.pathname) => {
      const next = new URLSearchParams(location.search);
      next.delete('from');
      const search = next.toString();
      void navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true });
    };
    (async () => {
      await taskRegistry().ready.catch(() => undefined);
      const recorded = getTrackedTask(from)?.request;
      let body = recorded;
      let taskKind: string | undefined;
      if (!body) {
        const task = await fetchTaskObject(from, controller.signal);
        taskKind = typeof task.kind === 'string' ? task.kind : undefined;
        body = taskToBody(task);
      }
      if (controller.signal.aborted) return;
      const kind = kindOfBody(body);
      if (!kind) {
        setState({ kind: 'wrongKind', taskId: from, taskKind: taskKind ?? String(body.model ?? '') });
        dropFrom();
        return;
      }
      const { undo, pathname } = apply(kind, body);
      setState({ kind: 'loaded', taskId: from, source: recorded ? 'recorded' : 'rebuilt', undo });
      dropFrom(pathname);
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', taskId: from, error });
      dropFrom();
    });
    return () => controller.abort();
    // `apply` and the location change with every render; the load runs once per `from`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from]);

  return {
    state: from ? ({ kind: 'loading', taskId: from } as LoadState) : state,
    dismiss: () => setState(null),
  };
}
