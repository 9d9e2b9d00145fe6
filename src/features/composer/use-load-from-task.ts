import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getTrackedTask, taskRegistry } from '@/api/task-registry';
import { fetchVideoTask } from '@/api/videos';
import { useComposerDraftStore } from './composer-draft-store';
import { requestToDraft, taskToRequest, type ComposerDraft } from './draft';

export type LoadFromTask =
  | { kind: 'loading'; taskId: string }
  | { kind: 'loaded'; taskId: string; source: 'recorded' | 'rebuilt'; previous: ComposerDraft }
  | { kind: 'failed'; taskId: string; error: unknown };

/**
 * "Edit and re-run": `/composer?from=<taskId>` loads that task's request into the draft: the exact
 * body this dashboard recorded when it created the task, else one rebuilt from the task object
 * (GET /v1/tasks/{id}). The previous draft is kept so the person can undo; `from` is dropped from
 * the URL once loaded, so a reload keeps the edits instead of loading the task again.
 */
export function useLoadFromTask() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const [state, setState] = useState<LoadFromTask | null>(null);

  useEffect(() => {
    if (!from) return;
    const controller = new AbortController();
    const dropFrom = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('from');
          return next;
        },
        { replace: true },
      );
    (async () => {
      // The registry loads its stored list asynchronously; a recorded request beats a rebuilt one.
      await taskRegistry().ready.catch(() => undefined);
      const recorded = getTrackedTask(from)?.request;
      const request = recorded ?? taskToRequest(await fetchVideoTask(from, controller.signal));
      if (controller.signal.aborted) return;
      const { draft: previous, draftReplaced } = useComposerDraftStore.getState();
      draftReplaced(requestToDraft(request));
      setState({ kind: 'loaded', taskId: from, source: recorded ? 'recorded' : 'rebuilt', previous });
      dropFrom();
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', taskId: from, error });
      dropFrom();
    });
    return () => controller.abort();
  }, [from, setParams]);

  return {
    // While `from` is in the URL, the task is still being loaded.
    state: from ? ({ kind: 'loading', taskId: from } as LoadFromTask) : state,
    dismiss: () => setState(null),
    undo: () => {
      if (state?.kind === 'loaded') useComposerDraftStore.getState().draftReplaced(state.previous);
      setState(null);
    },
  };
}
