import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTaskRegistry } from '@/api/task-registry-context';

export type LoadFromTaskState =
  | { kind: 'loading'; taskId: string }
  | { kind: 'loaded'; taskId: string; source: 'recorded' | 'rebuilt'; undo: () => void }
  | { kind: 'failed'; taskId: string; error: unknown }
  | { kind: 'wrongKind'; taskId: string; taskKind: string };

export interface LoadFromTaskOptions {
  /** A body rebuilt from the task object, when this dashboard did not record the one it sent. */
  rebuild: (
    taskId: string,
    signal: AbortSignal,
  ) => Promise<{ body: Record<string, unknown>; taskKind?: string }>;
  /**
   * Puts the body into the draft and says how to undo it and on which path the form is, or that
   * the body is not one this page makes.
   */
  apply: (
    body: Record<string, unknown>,
    taskKind: string | undefined,
  ) => { undo: () => void; pathname?: string } | { wrongKind: string };
}

/**
 * "Edit and re-run": `?from=<taskId>` loads that task's request into the form: the exact body
 * recorded when this dashboard created it, else one rebuilt from the task. `from` leaves the URL
 * once loaded, so a reload keeps the edits instead of loading the task again.
 */
export function useLoadFromTask({ rebuild, apply }: LoadFromTaskOptions) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const registry = useTaskRegistry();
  const from = params.get('from');
  const [state, setState] = useState<LoadFromTaskState | null>(null);

  useEffect(() => {
    if (!from) return;
    const controller = new AbortController();
    const dropFrom = (pathname = location.pathname) => {
      const next = new URLSearchParams(location.search);
      next.delete('from');
      const search = next.toString();
      void navigate({ pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    };
    (async () => {
      // The registry loads its stored list asynchronously; a recorded request beats a rebuilt one.
      await registry.ready.catch(() => undefined);
      const recorded = registry.get(from)?.request;
      const rebuilt = recorded ? undefined : await rebuild(from, controller.signal);
      if (controller.signal.aborted) return;
      const outcome = apply(recorded ?? rebuilt!.body, rebuilt?.taskKind);
      if ('wrongKind' in outcome) {
        setState({ kind: 'wrongKind', taskId: from, taskKind: outcome.wrongKind });
        dropFrom();
        return;
      }
      setState({
        kind: 'loaded',
        taskId: from,
        source: recorded ? 'recorded' : 'rebuilt',
        undo: outcome.undo,
      });
      dropFrom(outcome.pathname);
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', taskId: from, error });
      dropFrom();
    });
    return () => controller.abort();
    // `rebuild`, `apply` and the location change with every render; the load runs once per `from`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, registry]);

  return {
    // While `from` is in the URL, the task is still being loaded.
    state: from ? ({ kind: 'loading', taskId: from } as LoadFromTaskState) : state,
    dismiss: () => setState(null),
    undo: () => {
      if (state?.kind === 'loaded') state.undo();
      setState(null);
    },
  };
}
