import { isApiRequestError } from '@/api/api-client';

/**
 * `type` of the error of a create that a deployment accepted (2xx) without saying the task's id.
 * A module of its own: the error words (error-kind.ts, on every page) need only this, not the
 * task schema that postTask parses with.
 */
export const NO_TASK_ID_TYPE = 'accepted_without_task_id';

export function isAcceptedWithoutTaskId(error: unknown): boolean {
  return isApiRequestError(error) && error.info.type === NO_TASK_ID_TYPE;
}
