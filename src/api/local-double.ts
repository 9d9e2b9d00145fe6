import { queryOptions } from '@tanstack/react-query';
import { isRecord } from '@contract/is-record';
import { apiRequest } from '@/api/api-client';

/**
 * The local server's fault switch for this key (`/v1/local/double`, decision 290,
 * docs/local-double.md): what Settings' "Test faults" panel sets and the header's badge reads.
 * Local mode only; a real deployment has no such path.
 */
export interface DoubleState {
  /** The key's directives as the server parsed them (`fault`, `times`, `path`, `taskFail`…). */
  directives: Record<string, unknown>;
}

function parseState(data: unknown): DoubleState {
  const d = isRecord(data) && isRecord(data.directives) ? data.directives : {};
  return { directives: d };
}

/** Whether any fault or outcome is switched on (answer forms alone change no outcome). */
export function faultIsOn(state: DoubleState | undefined): boolean {
  const d = state?.directives;
  return !!d && (d.fault !== undefined || d.taskFail !== undefined || d.asset !== undefined);
}

export const localDoubleQueries = {
  all: () => ['local-double'] as const,
  state: () =>
    queryOptions({
      queryKey: [...localDoubleQueries.all(), 'state'] as const,
      queryFn: ({ signal }) => apiRequest('/v1/local/double', { signal }, parseState),
      // A fault with `times` clears itself as requests use it up: look again now and then.
      refetchInterval: (query) => (faultIsOn(query.state.data) ? 5_000 : false),
      staleTime: 10_000,
      retry: false,
    }),
};

export const putDirectives = (directives: string) =>
  apiRequest('/v1/local/double', { method: 'PUT', json: { directives } }, parseState);

export const clearDirectives = () => apiRequest('/v1/local/double', { method: 'DELETE' }, parseState);

/** What the panel's form holds; turned into the switch's `name=value; …` text. */
export interface FaultChoice {
  kind: 'none' | '429' | '402' | '503' | 'non-json';
  retryAfter: string;
  taskOutcome: 'none' | 'failed';
  taskMessage: string;
  assetOutcome: 'none' | 'failed' | 'prep-failed' | 'review-failed' | 'review-unknown' | 'disabled';
  path: string;
  method: '' | 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  times: string;
}

export const NO_FAULT: FaultChoice = {
  kind: '429',
  retryAfter: '2',
  taskOutcome: 'none',
  taskMessage: '',
  assetOutcome: 'none',
  path: '',
  method: '',
  times: '',
};

/** Values are percent-encoded, so a message may hold `;` or `=` (docs/local-double.md). */
export function directivesText(choice: FaultChoice): string {
  const pairs: string[] = [];
  const add = (name: string, value: string) => pairs.push(`${name}=${encodeURIComponent(value)}`);
  if (choice.kind !== 'none') {
    add('fault', choice.kind);
    if (choice.kind === '429' && choice.retryAfter.trim()) add('retry-after', choice.retryAfter.trim());
    if (choice.path.trim()) add('path', choice.path.trim());
    if (choice.method) add('method', choice.method);
    if (choice.times.trim()) add('times', choice.times.trim());
  }
  if (choice.taskOutcome === 'failed') {
    add('task-fail', 'generation_failed');
    if (choice.taskMessage.trim()) add('task-message', choice.taskMessage.trim());
  }
  if (choice.assetOutcome !== 'none') add('asset', choice.assetOutcome);
  return pairs.join('; ');
}
