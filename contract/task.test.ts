import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LENIENT_TASK_FIELDS,
  LenientTaskSchema,
  RESULT_URL_ORDER,
  TASK_STATUSES,
  UPPER_TASK_STATUSES,
  isActiveStatus,
  isTerminalStatus,
  normalizeTaskStatus,
  resolveResultUrl,
  taskFailure,
  taskIdOf,
} from './task';
import {
  NASTY_KEYS,
  expectNoPrototypePollution,
  junk,
  junkRecord,
  oddString,
} from './test-support/arbitraries';

afterEach(expectNoPrototypePollution);

const KNOWN = [...TASK_STATUSES, 'unknown'];

/** The order of the specification (Endpoints, GET /v1/videos/{task_id}), written out here. */
const SPEC_ORDER = [
  'data.video_url',
  'video_url',
  'url',
  'result_url',
  'output.url',
  'metadata.url',
] as const;

describe('normalizeTaskStatus (specification, Task states)', () => {
  it('keeps the six lower-case states', () => {
    for (const s of TASK_STATUSES) expect(normalizeTaskStatus(s)).toBe(s);
  });

  it('maps the upper-case states: SUBMITTED and QUEUED wait, IN_PROGRESS processes, SUCCESS, FAILURE', () => {
    expect(normalizeTaskStatus('SUBMITTED')).toBe('submitted');
    expect(normalizeTaskStatus('QUEUED')).toBe('submitted');
    expect(normalizeTaskStatus('IN_PROGRESS')).toBe('running');
    expect(normalizeTaskStatus('SUCCESS')).toBe('succeeded');
    expect(normalizeTaskStatus('FAILURE')).toBe('failed');
    expect(UPPER_TASK_STATUSES.map(normalizeTaskStatus)).toEqual([
      'submitted',
      'submitted',
      'running',
      'succeeded',
      'failed',
    ]);
  });

  it('reads the spelling canceled as cancelled', () => {
    expect(normalizeTaskStatus('canceled')).toBe('cancelled');
    expect(normalizeTaskStatus('CANCELED')).toBe('cancelled');
  });

  it('ignores letter case and surrounding blanks of a known spelling', () => {
    expect(normalizeTaskStatus(' Succeeded ')).toBe('succeeded');
    expect(normalizeTaskStatus('RUNNING')).toBe('running');
    expect(normalizeTaskStatus('in_progress')).toBe('running');
  });

  it('does not guess: spellings the specification never shows stay unknown', () => {
    for (const s of [
      'completed',
      'done',
      'error',
      'processing',
      'waiting',
      'created',
      'in progress',
      'IN-PROGRESS',
      'ok',
    ])
      expect(normalizeTaskStatus(s), s).toBe('unknown');
  });

  it('non-strings and prototype names are unknown', () => {
    for (const v of [undefined, null, 1, true, {}, [], ['succeeded'], { status: 'succeeded' }, ...NASTY_KEYS])
      expect(normalizeTaskStatus(v)).toBe('unknown');
  });

  it('property: never throws and always returns one of the known states', () => {
    fc.assert(
      fc.property(junk, (raw) => {
        expect(KNOWN).toContain(normalizeTaskStatus(raw));
      }),
    );
  });

  it('property: a string that is no spelling of the specification stays unknown', () => {
    const spellings = new Set([...TASK_STATUSES, 'queued', 'in_progress', 'success', 'failure', 'canceled']);
    fc.assert(
      fc.property(oddString, (s) => {
        fc.pre(!spellings.has(s.trim().toLowerCase()));
        expect(normalizeTaskStatus(s)).toBe('unknown');
      }),
    );
  });

  it('property: case changes of a known spelling do not change the state', () => {
    const spelling = fc.constantFrom(...TASK_STATUSES, ...UPPER_TASK_STATUSES, 'canceled');
    fc.assert(
      fc.property(spelling, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (s, flips) => {
        const mixed = [...s].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join('');
        expect(normalizeTaskStatus(mixed)).toBe(normalizeTaskStatus(s));
        expect(normalizeTaskStatus(mixed)).not.toBe('unknown');
      }),
    );
  });
});

describe('terminal and active states (Task states rules 1 and 2)', () => {
  it('keeps polling while pending, submitted or running, stops at a terminal state', () => {
    expect(TASK_STATUSES.filter(isActiveStatus)).toEqual(['pending', 'submitted', 'running']);
    expect(TASK_STATUSES.filter(isTerminalStatus)).toEqual(['succeeded', 'failed', 'cancelled']);
  });

  it('unknown is neither active nor terminal: the caller decides, nothing is assumed', () => {
    expect(isActiveStatus('unknown')).toBe(false);
    expect(isTerminalStatus('unknown')).toBe(false);
  });
});

describe('resolveResultUrl (specification, GET /v1/videos/{task_id})', () => {
  const urlOf = (path: string) => `https://cdn.example.com/${path.replace('.', '/')}.mp4`;

  /** A task with exactly the given result locations set, each to a URL naming its location. */
  function taskWith(paths: readonly string[], status: unknown = 'succeeded'): Record<string, unknown> {
    const task: Record<string, unknown> = { id: 'task_1', status };
    for (const path of paths) {
      const [head, tail] = path.split('.') as [string, string | undefined];
      if (tail) task[head] = { ...((task[head] as object) ?? {}), [tail]: urlOf(path) };
      else task[head] = urlOf(path);
    }
    return task;
  }

  it('lists the six locations in the order of the specification', () => {
    expect(RESULT_URL_ORDER).toEqual(SPEC_ORDER);
  });

  it('reads each location on its own', () => {
    for (const path of SPEC_ORDER) expect(resolveResultUrl(taskWith([path]))).toBe(urlOf(path));
  });

  it('data.video_url wins over video_url; metadata.url is the last resort', () => {
    expect(resolveResultUrl(taskWith(['video_url', 'data.video_url']))).toBe(urlOf('data.video_url'));
    expect(resolveResultUrl(taskWith(['metadata.url', 'output.url']))).toBe(urlOf('output.url'));
    expect(resolveResultUrl(taskWith(['metadata.url']))).toBe(urlOf('metadata.url'));
  });

  it('reads the URL of upper-case SUCCESS tasks (music)', () => {
    expect(resolveResultUrl(taskWith(['metadata.url'], 'SUCCESS'))).toBe(urlOf('metadata.url'));
  });

  it('returns undefined before success, on failure, cancel and unknown states (rule 1)', () => {
    for (const status of [
      'pending',
      'submitted',
      'running',
      'failed',
      'cancelled',
      'IN_PROGRESS',
      'completed',
      null,
      1,
    ])
      expect(resolveResultUrl(taskWith(SPEC_ORDER, status))).toBeUndefined();
  });

  it('treats empty, blank and non-string values as absent', () => {
    const task = {
      status: 'succeeded',
      data: { video_url: '' },
      video_url: '   ',
      url: 42,
      result_url: 'https://r',
    };
    expect(resolveResultUrl(task)).toBe('https://r');
    expect(
      resolveResultUrl({ status: 'succeeded', data: 'https://not-an-object', output: ['https://x'] }),
    ).toBeUndefined();
  });

  it('returns undefined for a succeeded task without any location', () => {
    expect(resolveResultUrl({ status: 'succeeded', output: {} })).toBeUndefined();
  });

  it('property: with any subset of the locations present, the first in the specification order wins', () => {
    fc.assert(
      fc.property(fc.subarray([...SPEC_ORDER]), fc.shuffledSubarray([...SPEC_ORDER]), (present, order) => {
        // Build the fields in a random insertion order: key order of the object must not matter.
        const inserted = order
          .filter((p) => present.includes(p))
          .concat(present.filter((p) => !order.includes(p)));
        const url = resolveResultUrl(taskWith(inserted));
        const first = SPEC_ORDER.find((p) => present.includes(p));
        expect(url).toBe(first === undefined ? undefined : urlOf(first));
      }),
    );
  });

  it('property: extra unknown fields do not change which location wins', () => {
    fc.assert(
      fc.property(fc.subarray([...SPEC_ORDER], { minLength: 1 }), junkRecord, (present, extra) => {
        const known = new Set(['status', 'data', 'video_url', 'url', 'result_url', 'output', 'metadata']);
        const noise = Object.fromEntries(Object.entries(extra).filter(([k]) => !known.has(k)));
        const task = { ...noise, ...taskWith(present) };
        expect(resolveResultUrl(task)).toBe(urlOf(SPEC_ORDER.find((p) => present.includes(p))!));
      }),
    );
  });

  it('property: never throws, and returns undefined unless the status normalises to succeeded', () => {
    fc.assert(
      fc.property(junk, fc.option(junk), (task, status) => {
        const candidates = [task, typeof task === 'object' && task !== null ? { ...task, status } : task];
        for (const t of candidates) {
          const url = resolveResultUrl(t);
          const st = typeof t === 'object' && t !== null ? (t as { status?: unknown }).status : undefined;
          if (normalizeTaskStatus(st) !== 'succeeded' || Array.isArray(t)) expect(url).toBeUndefined();
          else if (url !== undefined) expect(url.trim()).not.toBe('');
        }
      }),
    );
  });
});

describe('taskIdOf and taskFailure (Task states rule 3)', () => {
  it('reads id, then task_id', () => {
    expect(taskIdOf({ id: 'task_a', task_id: 'task_b' })).toBe('task_a');
    expect(taskIdOf({ task_id: 'task_b' })).toBe('task_b');
    expect(taskIdOf({ id: '', task_id: 'task_b' })).toBe('task_b');
    expect(taskIdOf({ id: 7 })).toBeUndefined();
    expect(taskIdOf('task_a')).toBeUndefined();
  });

  it('reads error.code, error.message and fail_reason', () => {
    expect(
      taskFailure({
        status: 'failed',
        error: { code: 'content_policy', message: 'blocked' },
        fail_reason: 'policy',
      }),
    ).toEqual({ code: 'content_policy', message: 'blocked', failReason: 'policy' });
    expect(taskFailure({ error: { code: 500 } })).toEqual({
      code: '500',
      message: undefined,
      failReason: undefined,
    });
    expect(taskFailure({ error: 'plain text' }).message).toBe('plain text');
    expect(taskFailure({ fail_reason: 'only reason' })).toEqual({
      code: undefined,
      message: undefined,
      failReason: 'only reason',
    });
  });

  it('property: never throws; what it returns is strings or undefined', () => {
    fc.assert(
      fc.property(junk, (task) => {
        const id = taskIdOf(task);
        expect(id === undefined || typeof id === 'string').toBe(true);
        const f = taskFailure(task);
        for (const v of [f.code, f.message, f.failReason])
          expect(v === undefined || typeof v === 'string').toBe(true);
      }),
    );
  });
});

describe('LenientTaskSchema (any deployment)', () => {
  it('accepts a task with only task_id and uses it as id', () => {
    const r = LenientTaskSchema.safeParse({ task_id: 'task_x', status: 'SUCCESS' });
    expect(r.success && r.data.id).toBe('task_x');
    expect(r.success && r.data.status).toBe('SUCCESS');
  });

  it('passes unknown fields through and keeps input_references', () => {
    const task = {
      id: 'task_1',
      status: 'succeeded',
      progress: 100,
      brand_new_field: { nested: [1, 2] },
      input_references: [
        { alias: 'hero', binding_status: 'bound', role: 'reference_image', type: 'image', x: 1 },
      ],
    };
    const r = LenientTaskSchema.safeParse(task);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toMatchObject(task);
  });

  it('drops fields of the wrong type instead of failing', () => {
    const r = LenientTaskSchema.safeParse({
      id: 'task_1',
      status: 3,
      progress: 'half',
      output: 'x',
      error: 'boom',
    });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.status).toBeUndefined();
    expect(r.data.progress).toBeUndefined();
    expect(r.data.output).toBeUndefined();
    expect(r.data.error).toBeUndefined();
  });

  it('fails (without throwing) when there is no id at all', () => {
    expect(LenientTaskSchema.safeParse({ status: 'running' }).success).toBe(false);
    expect(LenientTaskSchema.safeParse('task_1').success).toBe(false);
  });

  it('a __proto__ key from JSON neither pollutes nor changes the prototype of the result', () => {
    const r = LenientTaskSchema.safeParse(JSON.parse('{"id":"t","__proto__":{"polluted":true},"keep":1}'));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(Object.getPrototypeOf(r.data)).toBe(Object.prototype);
    expect((r.data as Record<string, unknown>).polluted).toBeUndefined();
    expect((r.data as Record<string, unknown>).keep).toBe(1);
  });

  it('property: safeParse never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        const r = LenientTaskSchema.safeParse(v);
        expect(typeof r.success).toBe('boolean');
      }),
    );
  });

  it('property: any object with an id parses, and every unknown field passes through unchanged', () => {
    const known = new Set<string>(LENIENT_TASK_FIELDS);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        junkRecord,
        (id, extra) => {
          const r = LenientTaskSchema.safeParse({ ...extra, id });
          expect(r.success).toBe(true);
          if (!r.success) return;
          expect(r.data.id).toBe(id);
          for (const [k, v] of Object.entries(extra)) {
            if (known.has(k) || k === '__proto__') continue;
            expect((r.data as Record<string, unknown>)[k]).toBe(v);
          }
        },
      ),
    );
  });
});
