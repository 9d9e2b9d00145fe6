import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createTracked } from '@/api/task-create';
import { useTaskRegistry } from '@/api/task-registry-context';
import type { TrackedTaskKind, TrackedTaskSource } from '@/api/task-registry-schema';
import { sumCosts } from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';
import { checkCaps, requestCostInput, spentOnDay, type CapBreach } from '@/lib/money/task-cost';
import { refusalOf, type FieldOfParam, type Refusal } from './refusal';

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

export interface SubmitTasksOptions<B extends object, F extends string, S> {
  /** Sends one body; the API layer parses the answer, so a created task always has its id. */
  create: (body: B) => Promise<{ id: string }>;
  /** Which page created the tasks, as the registry records it. */
  source: TrackedTaskSource;
  fieldOfParam: FieldOfParam<F, S>;
  /** After every request was created; by default the monitor opens the task (the list for several). */
  onCreated?: (ids: string[]) => void;
}

/** Refusals thrown out of the mutation, told apart from anything else that could throw there. */
const REFUSALS = new WeakSet<object>();

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
          id = await createTracked(registry, options.create, request.body, {
            kind: request.kind,
            model: request.model,
            prompt: request.prompt,
            source: options.source,
            ...(request.batchId ? { batchId: request.batchId } : {}),
          });
        } catch (error) {
          const refusal = refusalOf(error, snapshot, options.fieldOfParam, index, created);
          REFUSALS.add(refusal);
          throw refusal;
        }
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
        : refusalOf<F, S>(thrown, snapshot, options.fieldOfParam);
      setRefusal(next);
    },
  });
  // A submit over a cap waits here for the person's answer; nothing is sent before it.
  const [held, setHeld] = useState<{ breach: CapBreach; requests: TaskRequest<B>[]; snapshot: S } | null>(
    null,
  );
  function submit(requests: TaskRequest<B>[], snapshot: S) {
    const { book } = usePricesStore.getState();
    const estimate = sumCosts(book, requests.map(requestCostInput));
    const breach = checkCaps(book, estimate, spentOnDay(book, registry.list()));
    if (breach) setHeld({ breach, requests, snapshot });
    else mutation.mutate({ requests, snapshot });
  }
  return {
    submit,
    /** The cap a held submit goes over (for CapDialog), and the person's answer to it. */
    capBreach: held?.breach ?? null,
    answerCap: (send: boolean) => {
      setHeld(null);
      if (send && held) mutation.mutate({ requests: held.requests, snapshot: held.snapshot });
    },
    pending: mutation.isPending,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
