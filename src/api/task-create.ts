import { LenientTaskSchema, type LenientTask } from '@contract/task';
import {
  ApiRequestError,
  apiRequest,
  INVALID_RESPONSE_TYPE,
  isApiRequestError,
  type RequestOptions,
} from '@/api/api-client';
import { getConnection } from '@/api/connection-store';
import type { RetryRule } from '@/api/retry-policy';
import { NO_TASK_ID_TYPE } from '@/api/task-create-error';
import type { TaskRegistry } from '@/api/task-registry';
import type { TrackedTask } from '@/api/task-registry-schema';

/**
 * POST of a task (POST /v1/videos, POST /v1/tasks). Never retried: a POST retried after a lost
 * answer could create a second task (api-client.ts). The id is read at `id`, `task_id`, `data.id`
 * or `data.task_id` (the creation answer's shape is not shown). A 2xx from which no id can be
 * read means the task was most likely created: it is an error of its own kind, whose words say so
 * and never invite sending the same request again.
 */
export async function postTask(
  path: string,
  body: object,
  signal?: AbortSignal,
  options: Pick<RequestOptions, 'rateLimitRetries' | 'headers' | 'retry'> = {},
): Promise<LenientTask> {
  try {
    return await apiRequest(path, { method: 'POST', json: body, signal, ...options }, (data) =>
      LenientTaskSchema.parse(data),
    );
  } catch (error) {
    if (isApiRequestError(error) && error.info.type === INVALID_RESPONSE_TYPE && error.status < 300) {
      throw new ApiRequestError(
        {
          ...error.info,
          type: NO_TASK_ID_TYPE,
          message: 'The request was accepted, but the deployment returned no task id.',
        },
        { cause: error },
      );
    }
    throw error;
  }
}

/** What a page says of a task it creates; `createTracked` adds the id, the time, the body and the connection. */
export type TaskRecord = Omit<
  TrackedTask,
  'id' | 'createdAt' | 'request' | 'baseUrl' | 'callbackUrl' | 'last'
>;

/** What createTracked adds to a create's request: the send key's header and its wait, when it travels. */
export type SendOptions = Pick<RequestOptions, 'headers' | 'retry'>;

/**
 * Whether a send key goes with a create (decision 640): only when the dashboard talks to the
 * server that serves it (local or proxy mode), which honours Idempotency-Key. A deployment called
 * directly would see a custom header as a reason for a CORS preflight it may refuse, and the
 * specification does not have the header anyway.
 */
export function sendKeysTravel(): boolean {
  return getConnection().baseUrl === '';
}

/**
 * 409 `idempotency_key_in_flight` (decision 640): the first request under this send key, the one a
 * reload cut off, is still with the server (the proxy's upstream often). Its answer is the one to
 * get, so apiRequest sends the same request again after Retry-After rather than fail: a failure
 * would invite a Run under a new key, a second task. 120 waits: the proxy's default timeout (60 s)
 * twice at the server's `Retry-After: 1`. A Retry-After past the cap is shortened, not given up on.
 * Not shown as a rate limit: nothing is limited.
 */
export const IN_FLIGHT_RULE: RetryRule = {
  matches: (error) => error.status === 409 && error.code === 'idempotency_key_in_flight',
  retries: 120,
  shorten: true,
};

/**
 * The dashboard's one create-and-track (forms, batches, the storyboard, bulk re-runs): sends one
 * body and records the created task in the registry at once, with the exact body (for "edit and
 * re-run") and the connection it went to, so that no created task's id is lost between the answer
 * and the record. `sendKey`, kept by the caller before the POST leaves, goes as Idempotency-Key
 * when keys travel: sent again after a reload cut the answer off, the same request gets the task
 * the first one created instead of a second one.
 */
export async function createTracked<B extends object>(
  registry: Pick<TaskRegistry, 'track'>,
  send: (body: B, options?: SendOptions) => Promise<{ id: string }>,
  body: B,
  record: TaskRecord,
  sendKey?: string,
): Promise<string> {
  // Without a key, `send` is called as it always was: a form passes its create function whole.
  const { id } =
    sendKey !== undefined && sendKeysTravel()
      ? await send(body, { headers: { 'Idempotency-Key': sendKey }, retry: [IN_FLIGHT_RULE] })
      : await send(body);
  registry.track({
    ...record,
    id,
    createdAt: Date.now(),
    request: { ...(body as Record<string, unknown>) },
    baseUrl: getConnection().baseUrl,
  });
  return id;
}
