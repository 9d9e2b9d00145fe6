import fc from 'fast-check';

/**
 * What the specification (../shared/spec/api-spec.md) allows a deployment to answer, as
 * fast-check arbitraries, and a seeded way to draw from them. The deployment double
 * (spec-deployment.ts) draws each answer's shape from here instead of having it written by the
 * hands that wrote the client: every alternative field name, each field that is not guaranteed
 * present, absent, null or empty, every documented state spelling and an unknown one, the result
 * URL in any of its places and in several at once, unknown extra fields, the "not shown" shapes,
 * and the error answers.
 *
 * Draws are keyed (`draw('asset:asset_1', …)`): the same seed gives the same answer to the same
 * question whatever the order the browser asks in, so `SPEC_SEED=<n>` replays a run.
 */

/** FNV-1a: a key's share of the seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Draws {
  constructor(readonly seed: number) {}

  draw<T>(key: string, arb: fc.Arbitrary<T>): T {
    return fc.sample(arb, { seed: (this.seed ^ hash(key)) | 0, numRuns: 1 })[0]!;
  }
}

/**
 * Specification, Task: "the final video URL is read from the first present of, in order". Copied
 * from the specification on purpose, not imported from contract/task.ts's RESULT_URL_ORDER: this
 * double stands for any deployment, so a change to the client's list must not change the answers
 * the client is tested against.
 */
export const RESULT_PLACES = [
  'data.video_url',
  'video_url',
  'url',
  'result_url',
  'output.url',
  'metadata.url',
] as const;
export type ResultPlace = (typeof RESULT_PLACES)[number];

/** A field that is not guaranteed: sent, left out, `null`, or empty. */
export type Presence = 'present' | 'absent' | 'null' | 'empty';
const presence: fc.Arbitrary<Presence> = fc.constantFrom('present', 'absent', 'null', 'empty');

/** Unknown fields a deployment may add to any object (names the specification never uses). */
export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.stringMatching(/^x_[a-z]{1,8}$/),
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.record({ nested: fc.string({ maxLength: 6 }) }),
    fc.array(fc.integer(), { maxLength: 3 }),
  ),
  { maxKeys: 3 },
);

/** How one deployment answers where the specification does not show the shape: one per seed. */
export interface DeploymentStyle {
  /** GET /v1/asset-groups: the asset list's envelope, only `data`, `data` with a cursor-ish flag, or a bare array. */
  groupList: 'envelope' | 'data-only' | 'data-has-more' | 'bare-array';
  /** POST and PATCH /v1/asset-groups: the record, 201 or 204 with no body, or the record wrapped. */
  groupWrite: 'record' | 'created-empty' | 'no-content' | 'wrapped-data' | 'wrapped-group';
  /** GET /v1/asset-groups/{id}: the record or the record wrapped in `data`. */
  groupDetail: 'record' | 'wrapped-data';
  /** Where POST /v1/tasks and /v1/videos put the new task's id. */
  createdIdAt: 'id' | 'task_id' | 'data.id' | 'data.task_id';
  /** Whether task records carry `model` (the specification does not list it). */
  taskModel: boolean;
  /** Two task polls in a row, from the `firstFaultPoll`-th on: a rate limit (seconds or HTTP-date) and/or an unavailable upstream. */
  pollFaults: [Fault, Fault];
  /** Which task poll (1-based, counted over all tasks) is the first refused: not only the first two. */
  firstFaultPoll: number;
  /** One asset list read (1-based) is refused once, with a 503 the client retries. */
  listFaultAt: number;
  /** The first music creation is refused: quota (402) or unavailable (503), JSON or not. */
  createFault: Fault;
  /** GET /v1/assets: `total` and `page_size` are in the envelope's table, but none of it is marked required. */
  assetList: 'full' | 'no-total' | 'no-page-size' | 'neither';
  /** POST /v1/assets/uploads answers: "the exact response body: not shown". */
  uploadAnswer: 'asset' | 'wrapped-data' | 'reference-only' | 'minimal';
  /** A multipart upload ignores `group_id` and `name` (the specification's form has `file`, `type`, `purpose`). */
  uploadIgnoresGroup: boolean;
  /** The default group's id: the specification never names it. */
  defaultGroupId: 'grp_default' | 'grp_main' | 'default';
  /** The form of new task ids: the specification gives them none. */
  taskIds: 'cgt' | 'uuid' | 'task' | 'numeric';
  /** Where `GET /<image-service-prefix>/task/{id}/fetch` is served: the specification leaves the prefix to each deployment. */
  imagePrefix: (typeof IMAGE_PREFIXES)[number];
}

/** Image service prefixes a deployment may use: the common `/mj`, and others a client must not assume away. */
export const IMAGE_PREFIXES = ['/mj', '/image', '/img/v2'] as const;

export interface Fault {
  status: 402 | 429 | 503;
  /** For 429: Retry-After in seconds or as an HTTP-date. */
  retryAfter?: 'seconds' | 'http-date';
  /**
   * The error envelope; one without `error.message`; an empty body; or a body that is not JSON at
   * all (a proxy's HTML page, plain text). Errors rule 1: clients fall back to the status.
   */
  body: 'json' | 'no-message' | 'empty' | 'html' | 'text';
}

const body = fc.constantFrom<Fault['body']>('json', 'no-message', 'empty', 'html', 'text');
const rateLimit: fc.Arbitrary<Fault> = fc.record({
  status: fc.constant(429 as const),
  retryAfter: fc.constantFrom<'seconds' | 'http-date'>('seconds', 'http-date'),
  body,
});
const unavailable: fc.Arbitrary<Fault> = fc.record({ status: fc.constant(503 as const), body });

export const deploymentStyle: fc.Arbitrary<DeploymentStyle> = fc.record({
  groupList: fc.constantFrom('envelope', 'data-only', 'data-has-more', 'bare-array'),
  groupWrite: fc.constantFrom('record', 'created-empty', 'no-content', 'wrapped-data', 'wrapped-group'),
  groupDetail: fc.constantFrom('record', 'wrapped-data'),
  createdIdAt: fc.constantFrom('id', 'task_id', 'data.id', 'data.task_id'),
  taskModel: fc.boolean(),
  pollFaults: fc.tuple(fc.oneof(rateLimit, unavailable), fc.oneof(rateLimit, unavailable)),
  firstFaultPoll: fc.integer({ min: 1, max: 6 }),
  listFaultAt: fc.integer({ min: 2, max: 8 }),
  createFault: fc.oneof(
    fc.record({ status: fc.constant(402 as const), body }),
    fc.record({ status: fc.constant(503 as const), body }),
  ),
  assetList: fc.constantFrom('full', 'no-total', 'no-page-size', 'neither'),
  uploadAnswer: fc.constantFrom('asset', 'wrapped-data', 'reference-only', 'minimal'),
  uploadIgnoresGroup: fc.boolean(),
  defaultGroupId: fc.constantFrom('grp_default', 'grp_main', 'default'),
  taskIds: fc.constantFrom('cgt', 'uuid', 'task', 'numeric'),
  imagePrefix: fc.constantFrom(...IMAGE_PREFIXES),
});

/** Fields of an asset the specification does not guarantee beyond the id, left out of spare assets. */
export const SPARE_MISSING_FIELDS = ['name', 'url', 'source_url', 'group_id', 'created_at'] as const;

/** What is odd about one spare asset (assets no journey names): all are allowed by the specification. */
export interface SpareShape {
  missing: (typeof SPARE_MISSING_FIELDS)[number][];
  /** No readiness field at all; a type or status outside the common values; ready but review `unknown`. */
  oddity: 'none' | 'no-readiness' | 'unknown-type' | 'unknown-status' | 'ready-review-unknown';
}

export const spareShape: fc.Arbitrary<SpareShape> = fc.record({
  missing: fc.subarray([...SPARE_MISSING_FIELDS]),
  oddity: fc.constantFrom('none', 'no-readiness', 'unknown-type', 'unknown-status', 'ready-review-unknown'),
});

/** How one asset record is spelled. */
export interface AssetShape {
  /** `id`, `asset_id` or both (the table: "asset_id: equal to id"). */
  idNames: 'id' | 'asset_id' | 'both';
  typeName: 'type' | 'asset_type' | 'both';
  refName: 'reference' | 'asset_ref' | 'both' | 'none';
  /** Fields the dashboard must not require. */
  optional: Record<(typeof OPTIONAL_ASSET_FIELDS)[number], Presence>;
  /** Spelling of a preparing asset's states (both are documented). */
  preparingAs: 'created' | 'syncing';
  /** A preparing asset's review: documented values short of passed. */
  reviewWhilePreparing: 'pending' | 'unknown';
  extra: Record<string, unknown>;
}

export const OPTIONAL_ASSET_FIELDS = [
  'object',
  'domain',
  'description',
  'oss_url',
  'content_type',
  'size',
  'duration',
  'sync_status',
  'visibility',
  'updated_at',
  'request_id',
  'trace_id',
  'sync_error',
] as const;

export const assetShape: fc.Arbitrary<AssetShape> = fc.record({
  idNames: fc.constantFrom('id', 'asset_id', 'both'),
  typeName: fc.constantFrom('type', 'asset_type', 'both'),
  refName: fc.constantFrom('reference', 'asset_ref', 'both', 'none'),
  optional: fc.record(
    Object.fromEntries(OPTIONAL_ASSET_FIELDS.map((f) => [f, presence])) as Record<
      (typeof OPTIONAL_ASSET_FIELDS)[number],
      fc.Arbitrary<Presence>
    >,
  ),
  preparingAs: fc.constantFrom('created', 'syncing'),
  reviewWhilePreparing: fc.constantFrom('pending', 'unknown'),
  extra: extraFields,
});

/** How one task is answered along its life. */
export interface TaskShape {
  idName: 'id' | 'task_id' | 'both';
  waitingAs: 'pending' | 'submitted' | 'SUBMITTED' | 'QUEUED';
  runningAs: 'running' | 'IN_PROGRESS';
  /** One poll answers a state the specification does not list; the client keeps polling. */
  unknownState: boolean;
  succeededAs: 'succeeded' | 'SUCCESS';
  failedAs: 'failed' | 'FAILURE';
  cancelledAs: 'cancelled' | 'canceled';
  /** Where the result URL is: the first present in the specification's order holds the real one; the others a decoy. */
  resultPlaces: ResultPlace[];
  /** Optional fields of a task answer: present, absent, null or empty. */
  progress: Presence;
  failureFields: { errorMessage: Presence; errorCode: Presence; failReason: Presence };
  /** The state a task that never ends stays in: one the specification does not list. */
  stuckAs: 'WARMING_UP' | 'paused' | 'ON_HOLD';
  extra: Record<string, unknown>;
}

export const taskShape: fc.Arbitrary<TaskShape> = fc.record({
  idName: fc.constantFrom('id', 'task_id', 'both'),
  waitingAs: fc.constantFrom('pending', 'submitted', 'SUBMITTED', 'QUEUED'),
  runningAs: fc.constantFrom('running', 'IN_PROGRESS'),
  unknownState: fc.boolean(),
  succeededAs: fc.constantFrom('succeeded', 'SUCCESS'),
  failedAs: fc.constantFrom('failed', 'FAILURE'),
  cancelledAs: fc.constantFrom('cancelled', 'canceled'),
  resultPlaces: fc.subarray([...RESULT_PLACES], { minLength: 1 }),
  progress: presence,
  failureFields: fc.record({ errorMessage: presence, errorCode: presence, failReason: presence }),
  stuckAs: fc.constantFrom('WARMING_UP', 'paused', 'ON_HOLD'),
  extra: extraFields,
});

/** How one group record is spelled (its fields are "not shown" beyond name and description). */
export interface GroupShape {
  idNames: 'group_id' | 'id' | 'both';
  description: Presence;
  extra: Record<string, unknown>;
}

export const groupShape: fc.Arbitrary<GroupShape> = fc.record({
  idNames: fc.constantFrom('group_id', 'id', 'both'),
  description: presence,
  extra: extraFields,
});

/** Applies a presence to a value: the value, nothing, `null`, or the empty value of its type. */
export function withPresence(target: Record<string, unknown>, field: string, value: unknown, p: Presence) {
  if (p === 'absent') return;
  if (p === 'null') target[field] = null;
  else if (p === 'empty')
    target[field] = typeof value === 'number' ? 0 : typeof value === 'boolean' ? false : '';
  else target[field] = value;
}

/** Sets `a.b` or `a` on an object. */
export function setPath(target: Record<string, unknown>, place: string, value: unknown) {
  const [head, tail] = place.split('.') as [string, string | undefined];
  if (!tail) target[head] = value;
  else target[head] = { ...((target[head] as Record<string, unknown> | undefined) ?? {}), [tail]: value };
}

/**
 * The seeds of this run: `SPEC_SEED=<n>` replays one; otherwise `SPEC_SEEDS` (default 2) seeds in a
 * row from `SPEC_SEED_FROM`, else from a base that rotates with each run (the CI run id, else this
 * run's id), the same in every worker of one run.
 */
export function specSeeds(): number[] {
  const fixed = process.env.SPEC_SEED;
  if (fixed !== undefined && fixed !== '') {
    const n = Number(fixed);
    if (!Number.isInteger(n)) throw new Error(`SPEC_SEED must be an integer, got ${fixed}`);
    return [n];
  }
  const count = Math.max(1, Number(process.env.SPEC_SEEDS) || 2);
  const from = Number(process.env.SPEC_SEED_FROM);
  const base = Number.isInteger(from)
    ? from
    : hash(process.env.GITHUB_RUN_ID ?? process.env.E2E_RUN_ID ?? new Date().toISOString().slice(0, 10)) %
      1_000_000;
  return Array.from({ length: count }, (_, i) => base + i);
}
