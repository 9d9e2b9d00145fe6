import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '@/api/api-client';
import { getConnection } from '@/api/connection-store';
import { useTaskRegistry } from '@/api/task-registry-context';
import type { TrackedTaskKind, TrackedTaskSource } from '@/api/task-registry-schema';
import { errorMessage } from '@/lib/notify';

/** One task to create: the exact body to POST and what the monitor lists it by. */
export interface TaskRequest<B extends object = Record<string, unknown>> {
  body: B;
  kind: TrackedTaskKind;
  model?: string;
  /** The text the monitor's list shows for it: what the person wrote. */
  prompt?: string;
  /** Variations created together: the monitor groups them as one batch. */
  batchId?: string;
}

/**
 * A refusal of the last submit, kept whole for the banner (status, code, param, request id) and
 * pinned to the field its `param` names while that field still holds what was refused.
 */
export interface Refusal<F extends string, S> {
  message: string;
  field?: F;
  /** What the form held when it was refused: the field marker goes once the field differs. */
  snapshot: S;
  error: unknown;
  /** The request (by its index in the submitted list) the server refused. */
  index: number;
  /** Tasks of the same submit created before the refusal (they are tracked, never lost). */
  created: string[];
}

export interface SubmitTasksOptions<B extends object, F extends string, S> {
  /** Sends one body; the API layer parses the answer, so a created task always has its id. */
  create: (body: B) => Promise<{ id: string }>;
  /** Which page created the tasks, as the registry records it. */
  source: TrackedTaskSource;
  /**
   * The field a refusal points at: by its `param` mostly; the refusal itself is passed for a form
   * that can tell the field from more (a 400 naming no param, whose message names an asset).
   */
  fieldOfParam: (
    param: string | undefined,
    snapshot: S,
    index: number,
    refusal: { status: number; message: string },
  ) => F | undefined;
  onRefused?: (refusal: Refusal<F, S>) => void;
  /** After every request was created; by default the monitor opens the task (the list for several). */
  onCreated?: (ids: string[]) => void;
}

/** Refusals thrown out of the mutation, told apart from anything else that could throw there. */
const REFUSALS = new WeakSet<object>();

function refusalOf<F extends string, S>(
  error: unknown,
  snapshot: S,
  index: number,
  created: string[],
  fieldOfParam: SubmitTasksOptions<object, F, S>['fieldOfParam'],
): Refusal<F, S> {
  const api = isApiRequestError(error) ? error : undefined;
  return {
    message: errorMessage(error),
    field:
      api && !api.isNetworkError
        ? fieldOfParam(api.info.param, snapshot, index, { status: api.status, message: api.info.message })
        : undefined,
    snapshot,
    error,
    index,
    created,
  };
}

/**
 * The one submit model of every create form: sends each request in turn, records every created
 * task in the registry with the exact body (for "edit and re-run") under the page's source, and
 * stops at the first refusal, which is kept for the form to show. Several requests make several
 * tasks (variations); tasks created before a refusal stay tracked.
 */
export function useSubmitTasks<B extends object, F extends string, S>(options: SubmitTasksOptions<B, F, S>) {
  const navigate = useNavigate();
  const registry = useTaskRegistry();
  const [refusal, setRefusal] = useState<Refusal<F, S> | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ requests, snapshot }: { requests: TaskRequest<B>[]; snapshot: S }) => {
      const created: string[] = [];
      for (const [index, request] of requests.entries()) {
        let id: string;
        try {
          ({ id } = await options.create(request.body));
        } catch (error) {
          const refusal = refusalOf(error, snapshot, index, created, options.fieldOfParam);
          REFUSALS.add(refusal);
          throw refusal;
        }
        registry.track({
          id,
          kind: request.kind,
          model: request.model,
          prompt: request.prompt,
          createdAt: Date.now(),
          source: options.source,
          request: { ...(request.body as Record<string, unknown>) },
          baseUrl: getConnection().baseUrl,
          ...(request.batchId ? { batchId: request.batchId } : {}),
        });
        created.push(id);
      }
      return created;
    },
    retry: false,
    onMutate: () => setRefusal(null),
    onSuccess: (ids) => {
      if (options.onCreated) options.onCreated(ids);
      else if (ids.length === 1) void navigate(`/tasks/${encodeURIComponent(ids[0]!)}`);
      else void navigate('/tasks');
    },
    onError: (thrown, { snapshot }) => {
      const next = REFUSALS.has(thrown as object)
        ? (thrown as unknown as Refusal<F, S>)
        : refusalOf<F, S>(thrown, snapshot, 0, [], options.fieldOfParam);
      setRefusal(next);
      options.onRefused?.(next);
    },
  });
  return {
    submit: (requests: TaskRequest<B>[], snapshot: S) => mutation.mutate({ requests, snapshot }),
    pending: mutation.isPending,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
