import { LenientTaskSchema, type LenientTask } from '@contract/task';
import { apiRequest } from '@/api/api-client';
import { postTask } from '@/api/task-create';

/**
 * The body of POST /v1/videos as the composer sends it. The contract's CreateVideoSchema (full zod)
 * validates it on the server; the dashboard checks it with the pure rules before sending.
 */
export interface CreateVideoBody {
  model: string;
  prompt?: string;
  references?: { media_type?: string; role: string; url: string; alias?: string }[];
  duration?: number;
  ratio?: string;
  resolution?: string;
  generate_audio?: boolean;
  watermark?: boolean;
  callback_url?: string;
  [field: string]: unknown;
}

/** POST /v1/videos (task-create.ts: never retried, the id wherever the deployment put it). */
export function createVideo(body: CreateVideoBody, signal?: AbortSignal): Promise<LenientTask> {
  return postTask('/v1/videos', body, signal);
}

/** GET /v1/tasks/{id} (same object as /v1/videos/{id}): one task, for rebuilding a request the dashboard did not record. */
export function fetchVideoTask(id: string, signal?: AbortSignal): Promise<LenientTask> {
  return apiRequest(`/v1/tasks/${encodeURIComponent(id)}`, { signal }, (data) =>
    LenientTaskSchema.parse(data),
  );
}
