import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import {
  attemptsFor,
  deliveriesForTask,
  taskKnown,
  type AttemptRow,
  type DeliveryRow,
} from '../../store/webhooks';
import { MAX_DELIVERY_ATTEMPTS } from './sender';

function attemptObject(a: AttemptRow) {
  return {
    number: a.number,
    started_at: a.started_ms,
    duration_ms: a.duration_ms,
    outcome: a.outcome,
    status_code: a.status_code,
    error: a.error,
    next_retry_at: a.next_retry_ms,
  };
}

function deliveryObject(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    object: 'webhook_delivery',
    id: d.id,
    task_id: d.task_id,
    type: d.type,
    url: d.url,
    status: d.status,
    attempt_count: d.attempt_count,
    max_attempts: MAX_DELIVERY_ATTEMPTS,
    next_attempt_at: d.status === 'pending' ? d.next_attempt_ms : null,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: d.created_ms,
    completed_at: d.completed_ms,
    attempts: attempts.filter((a) => a.delivery_id === d.id).map(attemptObject),
  };
}

/** The webhook deliveries of the caller's task with their attempts; another key's task is not-found. */
export function taskWebhookDeliveries(ctx: AppContext, owner: string, taskId: string) {
  const deliveries = deliveriesForTask(ctx.db, owner, taskId);
  if (deliveries.length === 0 && !taskKnown(ctx.db, owner, taskId)) {
    throw new ApiError(404, `No task ${taskId} for this API key. Check the id (it starts with task_).`, {
      code: 'task_not_found',
    });
  }
  const attempts = attemptsFor(
    ctx.db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((d) => deliveryObject(d, attempts));
}
