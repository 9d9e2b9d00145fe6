import { LenientTaskSchema, type LenientTask } from '@contract/task';
import { apiRequest } from '@/api/api-client';
import { postTask } from '@/api/task-create';

/**
 * POST /v1/tasks: digital-human video, digital-human audio and music (the model picks the body
 * shape); task-create.ts: never retried, the id wherever the deployment put it.
 */
export function createGenericTask(body: object, signal?: AbortSignal): Promise<LenientTask> {
  return postTask('/v1/tasks', body, signal);
}

/** GET /v1/tasks/{id} as a plain object, for rebuilding a request this dashboard did not record. */
export function fetchTaskObject(id: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  return apiRequest(`/v1/tasks/${encodeURIComponent(id)}`, { signal }, (data) => {
    const task = LenientTaskSchema.parse(data);
    return task as Record<string, unknown>;
  });
}
