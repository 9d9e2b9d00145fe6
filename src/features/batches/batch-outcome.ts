import { isTerminalStatus, normalizeTaskStatus, resolveResultUrl, taskFailure } from '@contract/task';
import { isRecord } from '@contract/is-record';
import type { BatchRow, StopReason } from './batch-model';

/** How a refused send or a watched task reads for a batch's row (batch-runner.ts). */

export const DEFAULT_RETRY_AFTER_MS = 1_000;

export function statusOf(error: unknown): number | undefined {
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
}

export function stopReasonOf(status: number | undefined): StopReason | undefined {
  if (status === 402) return 'quota';
  if (status === 401 || status === 403) return 'unauthorized';
  return undefined;
}

/** A watched task's end as its row's change; undefined while it has not ended. */
export function taskOutcome(data: unknown, error: unknown): Partial<BatchRow> | undefined {
  const status = statusOf(error);
  if (status === 404) return { state: 'failed', error: 'taskNotFound' };
  if (status === 401 || status === 403) return { state: 'failed', error: 'unauthorized' };
  if (!isRecord(data)) return undefined;
  const state = normalizeTaskStatus(data.status);
  const usage = isRecord(data.usage) ? data.usage.total_tokens : undefined;
  const tokens = typeof usage === 'number' && Number.isFinite(usage) ? { tokens: usage } : {};
  if (state === 'succeeded') return { state: 'succeeded', resultUrl: resolveResultUrl(data), ...tokens };
  if (!isTerminalStatus(state)) return undefined;
  const f = taskFailure(data);
  return { state: 'failed', error: f.message ?? f.failReason ?? f.code ?? state, ...tokens };
}
