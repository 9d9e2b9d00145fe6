import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { taskIdOf } from '@contract/task';
import { isApiRequestError } from '@/api/api-client';
import { getConnection } from '@/api/connection-store';
import { createGenericTask } from '@/api/generic-tasks';
import { trackTask } from '@/api/task-registry';
import { errorMessage } from '@/lib/notify';
import type { CreateTaskBody, FormKind } from './draft';

/** A refusal of the last submit, pinned to the field its `param` names while that field is unchanged. */
export interface Refusal<F extends string> {
  message: string;
  field?: F;
  /** The body that was refused: the field marker goes once the field's value differs. */
  body: CreateTaskBody;
  /** What was thrown, for the banner's status, code, param and request id. */
  error: unknown;
}

/** The text a tracked task shows in the monitor's list: what the person wrote. */
function promptOf(body: CreateTaskBody): string | undefined {
  if ('text' in body) return body.text;
  if ('customMode' in body) return body.title || body.prompt || body.style;
  return body.name || undefined;
}

/**
 * Sends a body to POST /v1/tasks. Success records it in the registry (the exact body, for "edit
 * and re-run") and opens the task in the monitor; a refusal is kept for the form to show.
 */
export function useSubmitTask<F extends string>(
  fieldOfParam: (param: string | undefined) => F | undefined,
  onRefused: (refusal: Refusal<F>) => void,
) {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<Refusal<F> | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body }: { body: CreateTaskBody; kind: FormKind }) => createGenericTask(body),
    retry: false,
    onMutate: () => setRefusal(null),
    onSuccess: (task, { body, kind }) => {
      const id = taskIdOf(task) ?? task.id;
      trackTask({
        id,
        kind,
        model: body.model,
        prompt: promptOf(body),
        createdAt: Date.now(),
        source: 'composer',
        request: { ...body },
        baseUrl: getConnection().baseUrl,
      });
      void navigate(`/tasks/${encodeURIComponent(id)}`);
    },
    onError: (error, { body }) => {
      const api = isApiRequestError(error) ? error : undefined;
      const next: Refusal<F> = {
        message: errorMessage(error),
        field: api && !api.isNetworkError ? fieldOfParam(api.info.param) : undefined,
        body,
        error,
      };
      setRefusal(next);
      onRefused(next);
    },
  });
  return {
    submit: (body: CreateTaskBody, kind: FormKind) => mutation.mutate({ body, kind }),
    pending: mutation.isPending,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}

/** The server's message for a field while the body field it fills still holds the refused value. */
export function pinnedMessage<F extends string>(
  refusal: Refusal<F> | null,
  field: F,
  param: string | undefined,
  body: CreateTaskBody,
): string | undefined {
  if (!refusal || refusal.field !== field || !param) return undefined;
  const was = (refusal.body as unknown as Record<string, unknown>)[param];
  const now = (body as unknown as Record<string, unknown>)[param];
  return was === now ? refusal.message : undefined;
}
