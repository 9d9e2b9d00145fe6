import { LenientTaskSchema, type LenientTask } from '@contract/task';
import { apiRequest } from '@/api/api-client';

/**
 * POST /v1/tasks: digital-human video, digital-human audio and music (the model picks the body
 * shape). Never retried: a POST retried after a lost answer could create a second task.
 */
export function createGenericTask(body: object, signal?: AbortSignal): Promise<LenientTask> {
  return apiRequest('/v1/tasks', { method: 'POST', json: body, signal }, (data) =>
    LenientTaskSchema.parse(data),
  );
}

/** GET /v1/tasks/{id} as a plain object, for rebuilding a request this dashboard did not record. */
export function fetchTaskObject(id: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  return apiRequest(`/v1/tasks/${encodeURIComponent(id)}`, { signal }, (data) => {
    const task = LenientTaskSchema.parse(data);
    return task as Record<string, unknown>;
  });
}
