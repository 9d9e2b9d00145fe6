import type Database from 'better-sqlite3';
import type { AppContext } from '../../context';
import { newId } from '../../ids';
import { insertDelivery, type WebhookEventType } from '../../store/webhooks';

export type { WebhookEventType } from '../../store/webhooks';

export interface WebhookInput {
  owner: string;
  taskId: string;
  url: string;
  type: WebhookEventType;
  /** `{"type": ..., "data": <task>}`, built by the caller; sent exactly as given. */
  payload: unknown;
}

/** The origin a URL's requests go to; '' for a URL that cannot be parsed (the sender fails it). */
export function destinationOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Writes a webhook into the outbox. Synchronous and meant to run INSIDE the transaction that
 * makes the task terminal, so that the state change and its notification commit together: a crash
 * can lose neither one without the other. The webhook-id is fixed here and reused by every attempt.
 * Returns that id. Call `wakeWebhookSender(ctx)` after the transaction commits.
 */
export function enqueueWebhook(db: Database.Database, input: WebhookInput): string {
  const id = newId('msg');
  insertDelivery(
    db,
    {
      id,
      owner: input.owner,
      task_id: input.taskId,
      url: input.url,
      destination: destinationOf(input.url),
      type: input.type,
      body: JSON.stringify(input.payload),
    },
    Date.now(),
  );
  return id;
}

/** Running senders by context, so that a new delivery is sent at once instead of at the next poll. */
const wakers = new WeakMap<AppContext, () => void>();

export function registerWebhookWaker(ctx: AppContext, wake: () => void): void {
  wakers.set(ctx, wake);
}

/** Only the sender that registered `wake` removes it (a never-started sender must not unhook another). */
export function unregisterWebhookWaker(ctx: AppContext, wake: () => void): void {
  if (wakers.get(ctx) === wake) wakers.delete(ctx);
}

/** Called after the transaction that enqueued a webhook commits. Harmless when no sender runs. */
export function wakeWebhookSender(ctx: AppContext): void {
  wakers.get(ctx)?.();
}
