import type { AppContext, Worker } from '../../context';
import { SERVER_VERSION } from '../../version';
import {
  dueDeliveries,
  recordDeliveryAttempt,
  interruptAttempt,
  interruptStaleAttempts,
  nextDeliveryDue,
  startAttempt,
  type AttemptResult,
  type DeliveryRow,
} from '../../store/webhooks';
import { BlockedUrlError, guardedFetch } from '../outbound/url-guard';
import { registerWebhookWaker, unregisterWebhookWaker } from './outbox';
import { webhookSecret } from './secret';
import { signatureHeaders } from './signature';

/** Waits before each retry at EMULATOR_SPEED 1 (LOCAL_API.md); one first attempt plus these five. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** The specification's receiver timeout, in real time: a receiver's speed is not emulated. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Requests in flight at once, and at most this many to one origin, so one slow receiver blocks no other. */
const MAX_IN_FLIGHT = 16;
const PER_DESTINATION = 2;
/** The loop sleeps until the next delivery falls due, but wakes at least this often. */
const MAX_SLEEP_MS = 1_000;
/** Bytes of a failing receiver's answer kept with the attempt, enough to show what went wrong. */
const ERROR_SNIPPET_BYTES = 300;
export const USER_AGENT = `MediaStudio-Webhooks/${SERVER_VERSION}`;

export interface SenderOptions {
  timeoutMs?: number;
  maxInFlight?: number;
  perDestination?: number;
}

/**
 * The wait before the next attempt after `attemptsDone` attempts, scaled by EMULATOR_SPEED with
 * ±10 % jitter (so receivers that failed together do not all retry at the same instant); null
 * after the last attempt.
 */
export function retryDelayMs(
  attemptsDone: number,
  scaled: (ms: number) => number,
  random = Math.random,
): number | null {
  const base = RETRY_DELAYS_MS[attemptsDone - 1];
  if (base === undefined) return null;
  return Math.round(scaled(base) * (0.9 + 0.2 * random()));
}

async function readSnippet(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ERROR_SNIPPET_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The status is what counts; a body cut short only shortens the message.
  } finally {
    void reader.cancel().catch(() => {});
  }
  const text = Buffer.concat(chunks).toString('utf8', 0, Math.min(size, ERROR_SNIPPET_BYTES));
  return text.replace(/\s+/g, ' ').trim();
}

function networkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code)
    return `Could not reach the receiver (${cause.code}${cause.message ? `: ${cause.message}` : ''}).`;
  return `Could not reach the receiver: ${err instanceof Error ? err.message : String(err)}.`;
}

function urlProblem(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return undefined;
  } catch {
    // fall through
  }
  return 'The callback_url is not an http(s) URL; the webhook cannot be sent.';
}

/**
 * The durable webhook sender. Every delivery lives in `webhook_deliveries` from the moment its task
 * became terminal; this worker posts due ones, records each attempt, and reschedules failures, so a
 * restart (even kill -9) loses none: an attempt cut short is marked interrupted and tried again.
 */
export function createWebhookSender(ctx: AppContext, opts: SenderOptions = {}): Worker {
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
  const perDestination = opts.perDestination ?? PER_DESTINATION;
  const local = !ctx.config.upstreamBaseUrl;
  // Loaded now so that an unusable WEBHOOK_SECRET or secret file stops start-up with its message.
  const secret = local ? webhookSecret(ctx) : undefined;
  const inFlight = new Map<string, { destination: string; stop: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const busyDestinations = () => {
    const counts = new Map<string, number>();
    for (const w of inFlight.values()) counts.set(w.destination, (counts.get(w.destination) ?? 0) + 1);
    return counts;
  };
  const fullDestinations = () =>
    [...busyDestinations()].filter(([, n]) => n >= perDestination).map(([destination]) => destination);

  const wake = () => {
    if (running) schedule();
  };

  function schedule(): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    let wait = MAX_SLEEP_MS;
    if (inFlight.size < maxInFlight) {
      const due = nextDeliveryDue(ctx.db, [...inFlight.keys()], fullDestinations());
      if (due !== undefined) wait = Math.min(MAX_SLEEP_MS, Math.max(0, due - Date.now()));
    }
    timer = setTimeout(tick, wait);
  }

  async function send(row: DeliveryRow, stop: AbortSignal): Promise<void> {
    const started = Date.now();
    const attemptSeq = startAttempt(ctx.db, row, started);
    const number = row.attempt_count + 1;
    const finish = (result: Omit<AttemptResult, 'durationMs'>, permanent = false) => {
      const now = Date.now();
      const delay = result.ok || permanent ? null : retryDelayMs(number, ctx.scaled);
      const next = delay === null ? null : now + delay;
      recordDeliveryAttempt(ctx.db, attemptSeq, row.id, { ...result, durationMs: now - started }, next, now);
      const fields = {
        task_id: row.task_id,
        webhook_id: row.id,
        destination: row.destination,
        attempt: number,
      };
      if (result.ok) ctx.log.info('webhook delivered', { ...fields, status_code: result.statusCode });
      else if (next === null) ctx.log.warn('webhook failed for good', { ...fields, error: result.error });
      else ctx.log.warn('webhook attempt failed', { ...fields, error: result.error, retry_in_ms: delay });
    };

    const problem = urlProblem(row.url);
    if (problem) return finish({ ok: false, statusCode: null, error: problem }, true);

    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      // Off loopback the connection is pinned to an address the URL guard accepted (decision 097).
      const res = await guardedFetch(ctx.config, ctx.urlGuard)(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...signatureHeaders(secret!.key, row.id, row.body, Date.now()),
        },
        body: row.body,
        // A redirect is an answer to fix at the sender's side, not one to follow with a signed body.
        redirect: 'manual',
        signal: AbortSignal.any([stop, timeout]),
      });
      const ok = res.status >= 200 && res.status < 300;
      const snippet = ok ? (void res.body?.cancel().catch(() => {}), '') : await readSnippet(res);
      const redirect =
        res.status >= 300 && res.status < 400 ? ' (redirects are not followed; use the final URL)' : '';
      finish({
        ok,
        statusCode: res.status,
        error: ok ? null : `The receiver answered ${res.status}${redirect}${snippet ? `: ${snippet}` : '.'}`,
      });
    } catch (err) {
      if (err instanceof BlockedUrlError) {
        return finish(
          { ok: false, statusCode: null, error: `The callback_url is refused: ${err.message}.` },
          true,
        );
      }
      if (stop.aborted) {
        interruptAttempt(
          ctx.db,
          attemptSeq,
          Date.now() - started,
          'The server stopped during this attempt; it will be tried again.',
        );
        return;
      }
      const error = timeout.aborted
        ? `No answer within ${timeoutMs / 1000} s (the receiver timeout).`
        : networkError(err);
      finish({ ok: false, statusCode: null, error });
    }
  }

  function launch(row: DeliveryRow): void {
    const stop = new AbortController();
    const done = send(row, stop.signal)
      .catch((err: unknown) => {
        if (running)
          ctx.log.error('webhook sender crashed', {
            task_id: row.task_id,
            webhook_id: row.id,
            error: String(err),
          });
      })
      .finally(() => {
        inFlight.delete(row.id);
        schedule();
      });
    inFlight.set(row.id, { destination: row.destination, stop, done });
  }

  function tick(): void {
    timer = undefined;
    if (!running) return;
    try {
      const free = maxInFlight - inFlight.size;
      if (free > 0) {
        const counts = busyDestinations();
        const rows = dueDeliveries(ctx.db, Date.now(), {
          skipIds: [...inFlight.keys()],
          fullDestinations: fullDestinations(),
          perDestination,
          limit: free * 2,
        });
        for (const row of rows) {
          if (inFlight.size >= maxInFlight) break;
          const n = counts.get(row.destination) ?? 0;
          if (n >= perDestination) continue;
          counts.set(row.destination, n + 1);
          launch(row);
        }
      }
    } catch (err) {
      // A failing tick (disk full, a bad row) must not stop every other delivery for good.
      ctx.log.error('webhook sender tick failed', { error: String(err) });
    }
    schedule();
  }

  return {
    name: 'webhook-sender',
    start() {
      if (running || !local) return;
      running = true;
      const interrupted = interruptStaleAttempts(ctx.db);
      if (interrupted > 0)
        ctx.log.warn('webhook attempts cut off by the last stop will be retried', { interrupted });
      registerWebhookWaker(ctx, wake);
      tick();
    },
    async stop() {
      running = false;
      unregisterWebhookWaker(ctx, wake);
      if (timer) clearTimeout(timer);
      timer = undefined;
      const pending = [...inFlight.values()];
      for (const work of pending) work.stop.abort();
      await Promise.allSettled(pending.map((w) => w.done));
    },
  };
}
