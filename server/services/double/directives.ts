import { AsyncLocalStorage } from 'node:async_hooks';
import { RESULT_URL_ORDER } from '@contract/task';
import { badRequest } from '../../errors';
import { quoted } from '@contract/quoted';

/**
 * The local double's switch (decision 290): one small language of `name=value` pairs, read from
 * the `X-Local-Double` request header and from a per-key setting (PUT /v1/local/double), so that a
 * client test can make this server give any answer the specification describes, per request or for
 * a whole key, without a restart. Values are percent-decoded, so a message may hold `;` or `=`.
 *
 *   X-Local-Double: fault=429; retry-after=3; retry-after-form=date
 */

/** Where a result URL may be put: the six places the client reads, in the contract's one list. */
const RESULT_PLACES = RESULT_URL_ORDER;
export type ResultPlace = (typeof RESULT_PLACES)[number];

const FAULTS = ['429', '402', '503', 'non-json'] as const;
const ASSET_OUTCOMES = ['failed', 'prep-failed', 'review-failed', 'review-unknown', 'disabled'] as const;
export type AssetOutcome = (typeof ASSET_OUTCOMES)[number];

export interface Directives {
  /** Answer the request with this error instead of doing it. */
  fault?: (typeof FAULTS)[number];
  /** 429: the Retry-After value in seconds (default 1), sent as seconds or as an HTTP-date. */
  retryAfter?: number;
  retryAfterForm?: 'seconds' | 'date';
  /** non-json: the status of the plain-text answer (default 502). */
  status?: number;
  /** Per-key setting only: how many matching requests get the fault before it clears itself. */
  times?: number;
  /** The fault hits only requests whose path starts with this and (when set) of this method. */
  path?: string;
  method?: string;
  /** Tasks created under the switch end `failed` with these fields. */
  taskFail?: { code: string; message?: string; failReason?: string };
  /** Tasks end `cancelled` with these fields: the `[cancel]` marker's, not a header name. */
  taskCancel?: { message: string; failReason: string };
  /** When a task asked to fail or be cancelled ends, as a share of its running time (0..1). */
  taskEndAt?: number;
  /** Assets registered under the switch end this way, with this sync_error. */
  asset?: AssetOutcome;
  syncError?: string;
  /** Markers only (`slow` in an asset's source name): the asset lifecycle's times are multiplied by this. */
  assetPace?: number;
  /** The answer forms: states, ids, result place, asset field names, asset model. */
  states?: 'upper' | 'lower';
  taskIds?: 'task_id';
  result?: ResultPlace[];
  assetNames?: 'alt';
  assetModel?: 'omit';
}

export const DOUBLE_HEADER = 'x-local-double';
const MAX_TEXT = 2000;
const MAX_VALUE = 500;

type Setter = (d: Directives, value: string) => void;

function oneOf<T extends string>(name: string, list: readonly T[], value: string): T {
  if ((list as readonly string[]).includes(value)) return value as T;
  throw badRequest(
    `${name} must be one of ${list.join(', ')}, got ${quoted(value)}.`,
    DOUBLE_HEADER,
    'invalid_double',
  );
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw badRequest(
      `${name} must be a whole number from ${min} to ${max}, got ${quoted(value)}.`,
      DOUBLE_HEADER,
      'invalid_double',
    );
  return n;
}

const taskFail = (d: Directives) => (d.taskFail ??= { code: 'generation_failed' });

const SETTERS: Record<string, Setter> = {
  fault: (d, v) => (d.fault = oneOf('fault', FAULTS, v)),
  'retry-after': (d, v) => (d.retryAfter = integer('retry-after', v, 0, 86_400)),
  'retry-after-form': (d, v) =>
    (d.retryAfterForm = oneOf('retry-after-form', ['seconds', 'date'] as const, v)),
  status: (d, v) => (d.status = integer('status', v, 400, 599)),
  times: (d, v) => (d.times = integer('times', v, 1, 1_000_000)),
  path: (d, v) => {
    if (!v.startsWith('/'))
      throw badRequest('path must start with /, e.g. path=/v1/videos.', DOUBLE_HEADER, 'invalid_double');
    d.path = v;
  },
  method: (d, v) =>
    (d.method = oneOf('method', ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const, v.toUpperCase())),
  'task-fail': (d, v) => (taskFail(d).code = v),
  'task-message': (d, v) => (taskFail(d).message = v),
  'task-fail-reason': (d, v) => (taskFail(d).failReason = v),
  asset: (d, v) => (d.asset = oneOf('asset', ASSET_OUTCOMES, v)),
  'sync-error': (d, v) => (d.syncError = v),
  states: (d, v) => (d.states = oneOf('states', ['upper', 'lower'] as const, v)),
  'task-ids': (d, v) => (d.taskIds = oneOf('task-ids', ['task_id'] as const, v)),
  result: (d, v) => (d.result = v.split(',').map((p) => oneOf('result', RESULT_PLACES, p.trim()))),
  'asset-names': (d, v) => (d.assetNames = oneOf('asset-names', ['alt'] as const, v)),
  'asset-model': (d, v) => (d.assetModel = oneOf('asset-model', ['omit'] as const, v)),
};

/** The names the switch knows, for messages and the documentation test. */
export const DIRECTIVE_NAMES = Object.keys(SETTERS);

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`${quoted(text)} is not validly percent-encoded.`, DOUBLE_HEADER, 'invalid_double');
  }
}

/** Parses `name=value; name=value`; every refusal is a 400 that names the pair to fix. */
export function parseDirectives(text: string): Directives {
  if (text.length > MAX_TEXT)
    throw badRequest(
      `${DOUBLE_HEADER} must be at most ${MAX_TEXT} characters.`,
      DOUBLE_HEADER,
      'invalid_double',
    );
  const d: Directives = {};
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : decode(part.slice(eq + 1).trim());
    const set = SETTERS[name];
    if (!set)
      throw badRequest(
        `Unknown ${DOUBLE_HEADER} directive ${quoted(name)}: use ${DIRECTIVE_NAMES.join(', ')}.`,
        DOUBLE_HEADER,
        'invalid_double',
      );
    if (value === '' || value.length > MAX_VALUE)
      throw badRequest(
        `${name} needs a value of 1 to ${MAX_VALUE} characters, e.g. ${name}=…`,
        DOUBLE_HEADER,
        'invalid_double',
      );
    set(d, value);
  }
  return d;
}

/** The per-key setting and this request's header together; the header wins pair by pair. */
export function mergeDirectives(keyWide: Directives, request: Directives): Directives {
  const merged = { ...keyWide, ...request };
  if (keyWide.taskFail || request.taskFail)
    merged.taskFail = { ...keyWide.taskFail, ...request.taskFail } as Directives['taskFail'];
  return merged;
}

const current = new AsyncLocalStorage<Directives>();

/** Runs a request's handling with its directives, so services read them without new parameters. */
export function withDirectives<T>(d: Directives, run: () => T): T {
  return current.run(d, run);
}

/** The directives of the request being handled ({} outside a request or without a switch). */
export function currentDirectives(): Directives {
  return current.getStore() ?? {};
}
