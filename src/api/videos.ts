import { LenientTaskSchema, type LenientTask } from '@contract/task';
import type { CreateVideo } from '@contract/video';
import { apiRequest } from '@/api/api-client';
import { postTask, type SendOptions } from '@/api/task-create';

/**
 * POST /v1/videos (task-create.ts: never retried, the id wherever the deployment put it). The body is
 * the contract's type; the server validates it with CreateVideoSchema, the composer checks it with
 * the pure rules before sending.
 */
export function createVideo(
  body: CreateVideo,
  signal?: AbortSignal,
  options: SendOptions = {},
): Promise<LenientTask> {
  return postTask('/v1/videos', body, signal, options);
}

/** GET /v1/tasks/{id} (same object as /v1/videos/{id}): one task, for rebuilding a request the dashboard did not record. */
export function fetchVideoTask(id: string, signal?: AbortSignal): Promise<LenientTask> {
  return apiRequest(`/v1/tasks/${encodeURIComponent(id)}`, { signal }, (data) =>
    LenientTaskSchema.parse(data),
  );
}
