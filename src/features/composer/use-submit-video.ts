import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { taskIdOf } from '@contract/task';
import { isApiRequestError } from '@/api/api-client';
import { getConnection } from '@/api/connection-store';
import { trackTask } from '@/api/task-registry';
import { createVideo, type CreateVideoBody } from '@/api/videos';
import { errorMessage } from '@/lib/notify';
import type { ComposerDraft } from './draft';
import { fieldOfParam } from './server-error';
import type { FieldKey } from './validation';

/** A refusal of the last submit, kept whole for the banner and pinned to the field `param` names. */
export interface SubmitRefusal {
  message: string;
  field?: FieldKey;
  /** The draft the refusal was about: the field marker goes once the draft changes. */
  draft: ComposerDraft;
  /** What was thrown, for the banner's status, code, param and request and trace ids. */
  error: unknown;
}

export function refusalOf(error: unknown, draft: ComposerDraft): SubmitRefusal {
  const api = isApiRequestError(error) ? error : undefined;
  return {
    message: errorMessage(error),
    field: api && !api.isNetworkError ? fieldOfParam(api.info.param, draft) : undefined,
    draft,
    error,
  };
}

/**
 * Sends the draft. Success records the task in the registry (with the exact body, for "edit and
 * re-run") and opens it in the monitor; a refusal is returned for the page to show.
 */
export function useSubmitVideo(onRefused: (refusal: SubmitRefusal) => void) {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<SubmitRefusal | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body }: { body: CreateVideoBody; draft: ComposerDraft }) => createVideo(body),
    retry: false,
    onMutate: () => setRefusal(null),
    onSuccess: (task, { body }) => {
      const id = taskIdOf(task) ?? task.id;
      trackTask({
        id,
        kind: 'video',
        model: body.model,
        prompt: body.prompt,
        createdAt: Date.now(),
        source: 'composer',
        request: body,
        baseUrl: getConnection().baseUrl,
      });
      void navigate(`/tasks/${encodeURIComponent(id)}`);
    },
    onError: (error, { draft }) => {
      const next = refusalOf(error, draft);
      setRefusal(next);
      onRefused(next);
    },
  });
  return {
    submit: (body: CreateVideoBody, draft: ComposerDraft) => mutation.mutate({ body, draft }),
    mutation,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
