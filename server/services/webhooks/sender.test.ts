import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { attemptsFor, getDelivery, startAttempt } from '../../store/webhooks';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { enqueueWebhook, wakeWebhookSender } from './outbox';
import { webhookSecret } from './secret';
import { createWebhookSender, MAX_DELIVERY_ATTEMPTS, retryDelayMs, USER_AGENT } from './sender';
import { webhookHarness } from '../../test/webhook-harness';
import { startReceiver } from '../../test/webhook-receiver';

const { app, sender, defer, dataDir: tempDataDir } = webhookHarness();

async function receiver(plan?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(plan);
  defer(r.close);
  return r;
}

function payload(taskId: string) {
  return {
    type: 'task.succeeded',
    data: { object: 'task', id: taskId, task_id: taskId, status: 'succeeded' },
  };
}

/** As VIDEO-SERVER does it: inside the transaction that writes the terminal state, then wake. */
function enqueue(t: TestApp, url: string, taskId = 'task_one'): string {
  const id = t.ctx.db.transaction(() =>
    enqueueWebhook(t.ctx.db, {
      owner: 'owner-a',
      taskId,
      url,
      type: 'task.succeeded',
      payload: payload(taskId),
    }),
  )();
  wakeWebhookSender(t.ctx);
  return id;
}

describe('retry schedule', () => {
  it('grows 5 s, 30 s, 2 min, 10 min, 1 h with ±10 % jitter, divided by EMULATOR_SPEED', () => {
    const scaled = (ms: number) => ms / 10;
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, scaled, () => 0.5))).toEqual([
      500, 3000, 12000, 60000, 360000,
    ]);
    expect(retryDelayMs(1, scaled, () => 0)).toBe(450);
    expect(retryDelayMs(1, scaled, () => 0.999)).toBeLessThanOrEqual(550);
    expect(retryDelayMs(MAX_DELIVERY_ATTEMPTS, scaled)).toBeNull();
  });
});

describe('webhook sender', () => {
  it('retries a 500 with the same webhook-id and growing delays until a 200, every attempt signed and recorded', async () => {
    const t = app({ env: { EMULATOR_SPEED: '100' } });
    const r = await receiver((n) => (n < 2 ? 500 : 200));
    sender(t);
    const id = enqueue(t, r.url);

    await vi.waitFor(() => expect(getDelivery(t.ctx.db, id)?.status).toBe('delivered'), { timeout: 10_000 });
    expect(r.hits).toHaveLength(3);
    expect(r.hits.map((h) => h.headers['webhook-id'])).toEqual([id, id, id]);
    const gaps = [r.hits[1]!.at - r.hits[0]!.at, r.hits[2]!.at - r.hits[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(45); // 5 s / 100, less 10 % jitter
    expect(gaps[1]).toBeGreaterThanOrEqual(270); // 30 s / 100, less 10 % jitter

    const wh = new Webhook(webhookSecret(t.ctx).text);
    for (const hit of r.hits) {
      expect(hit.body).toBe(JSON.stringify(payload('task_one')));
      expect(wh.verify(hit.body, hit.headers)).toEqual(payload('task_one'));
      expect(hit.headers['content-type']).toBe('application/json');
      expect(hit.headers['user-agent']).toBe(USER_AGENT);
      expect(hit.headers.authorization).toBeUndefined();
      expect(JSON.stringify(hit)).not.toContain('sk-local-dev');
    }

    const attempts = attemptsFor(t.ctx.db, [id]);
    expect(attempts.map((a) => [a.number, a.outcome, a.status_code])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'succeeded', 200],
    ]);
    expect(attempts[0]!.error).toBe('The receiver answered 500: oops 500');
    expect(attempts.every((a) => a.duration_ms !== null && a.duration_ms >= 0)).toBe(true);
    // The scheduled waits themselves, free of timer noise: 5 s and 30 s at speed 100, ±10 %.
    const waits = attempts.slice(0, 2).map((a) => a.next_retry_ms! - (a.started_ms + a.duration_ms!));
    expect(waits[0]).toBeGreaterThanOrEqual(45);
    expect(waits[0]).toBeLessThanOrEqual(56);
    expect(waits[1]).toBeGreaterThanOrEqual(270);
    expect(waits[1]).toBeLessThanOrEqual(331);
    expect(attempts[2]!.next_retry_ms).toBeNull();
    expect(getDelivery(t.ctx.db, id)).toMatchObject({
      attempt_count: 3,
      last_status_code: 200,
      last_error: null,
    });
  });

  it('counts a receiver that does not answer in time as a failure and gives up after the last attempt', async () => {
    const t = app({ env: { EMULATOR_SPEED: '1000000' } });
    const r = await receiver(() => 'hang');
    sender(t, { timeoutMs: 150 });
    const id = enqueue(t, r.url);

    await vi.waitFor(() => expect(getDelivery(t.ctx.db, id)?.status).toBe('failed'), { timeout: 15_000 });
    const attempts = attemptsFor(t.ctx.db, [id]);
    expect(attempts).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(new Set(r.hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([id]));
    for (const a of attempts) {
      expect(a).toMatchObject({
        outcome: 'failed',
        status_code: null,
        error: 'No answer within 0.15 s (the receiver timeout).',
      });
      expect(a.duration_ms).toBeGreaterThanOrEqual(140);
    }
    expect(attempts.at(-1)!.next_retry_ms).toBeNull();
    // Kept, with the last error, so that it can be shown.
    expect(getDelivery(t.ctx.db, id)).toMatchObject({
      attempt_count: MAX_DELIVERY_ATTEMPTS,
      next_attempt_ms: null,
      last_error: expect.stringMatching(/No answer/),
    });
  });

  it('names an unreachable receiver and does not follow redirects', async () => {
    const t = app({ env: { EMULATOR_SPEED: '1000000' } });
    const closed = await startReceiver();
    await closed.close();
    const redirecting = await receiver(() => 302);
    sender(t);
    const refused = enqueue(t, closed.url, 'task_refused');
    const redirected = enqueue(t, redirecting.url, 'task_redirect');

    await vi.waitFor(
      () => {
        expect(getDelivery(t.ctx.db, refused)?.status).toBe('failed');
        expect(getDelivery(t.ctx.db, redirected)?.status).toBe('failed');
      },
      { timeout: 15_000 },
    );
    expect(getDelivery(t.ctx.db, refused)!.last_error).toMatch(/Could not reach the receiver \(ECONNREFUSED/);
    expect(getDelivery(t.ctx.db, redirected)!.last_error).toMatch(
      /answered 302 \(redirects are not followed/,
    );
  });

  it('keeps other receivers moving while one hangs (per-destination slots)', async () => {
    const t = app({ env: { EMULATOR_SPEED: '1' } });
    const slow = await receiver(() => 'hang');
    const fast = await receiver(() => 200);
    sender(t, { maxInFlight: 3, perDestination: 2 });
    for (let i = 0; i < 5; i++) enqueue(t, slow.url, `task_slow_${i}`);
    const quick = enqueue(t, fast.url, 'task_fast');

    await vi.waitFor(
      () => {
        expect(getDelivery(t.ctx.db, quick)?.status).toBe('delivered');
        expect(slow.hits).toHaveLength(2);
      },
      { timeout: 5_000 },
    );
    // The third slot went to the other receiver, never to a third request to the hanging one.
    expect(slow.hits).toHaveLength(2);
  });

  it('delivers after a restart a webhook enqueued before it, and retries one cut off mid-attempt', async () => {
    const dataDir = tempDataDir('webhook-restart-');
    const first = makeTestApp({ dataDir, env: { EMULATOR_SPEED: '1000' } });
    const hanging = await receiver(() => 'hang');
    const later = await receiver(() => 200);
    const queued = enqueue(first, later.url, 'task_queued');
    // Written, never sent: the first run stops before its sender starts.
    const inFlight = enqueue(first, hanging.url, 'task_inflight');
    const run = createWebhookSender(first.ctx, { timeoutMs: 60_000 });
    // Only the hanging one may go out in this run: the other is made not yet due.
    first.ctx.db
      .prepare('UPDATE webhook_deliveries SET next_attempt_ms = ? WHERE id = ?')
      .run(Date.now() + 3_600_000, queued);
    run.start();
    await vi.waitFor(() => expect(hanging.hits).toHaveLength(1), { timeout: 5_000 });
    await run.stop();
    // As kill -9 would leave it: an attempt begun and never finished.
    startAttempt(first.ctx.db, getDelivery(first.ctx.db, queued)!, Date.now());
    await first.close();

    const second = app({ dataDir, env: { EMULATOR_SPEED: '1000' } });
    second.ctx.db
      .prepare('UPDATE webhook_deliveries SET next_attempt_ms = ?, url = ?, destination = ? WHERE id = ?')
      .run(Date.now(), later.url, new URL(later.url).origin, inFlight);
    second.ctx.db
      .prepare('UPDATE webhook_deliveries SET next_attempt_ms = ? WHERE id = ?')
      .run(Date.now(), queued);
    const worker = second.ctx.workers.find((w) => w.name === 'webhook-sender')!;
    worker.start();
    defer(() => worker.stop());

    await vi.waitFor(
      () => {
        expect(getDelivery(second.ctx.db, queued)?.status).toBe('delivered');
        expect(getDelivery(second.ctx.db, inFlight)?.status).toBe('delivered');
      },
      { timeout: 10_000 },
    );
    expect(later.hits.map((h) => h.headers['webhook-id']).sort()).toEqual([queued, inFlight].sort());
    expect(hanging.hits[0]!.headers['webhook-id']).toBe(inFlight);
    // The cut attempt is shown as interrupted and did not use up one of the retries.
    for (const id of [inFlight, queued]) {
      expect(attemptsFor(second.ctx.db, [id]).map((a) => [a.number, a.outcome])).toEqual([
        [1, 'interrupted'],
        [1, 'succeeded'],
      ]);
    }
  });
});
