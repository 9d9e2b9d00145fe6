import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { isActive, isFailed, planRerun, selectRange } from './bulk-plan';

const task = (id: string, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  ...extra,
});

describe('Shift-click ranges', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('selects from the anchor to the row clicked, either way, both included', () => {
    expect(selectRange(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(selectRange(order, 'e', 'c')).toEqual(['c', 'd', 'e']);
    expect(selectRange(order, 'c', 'c')).toEqual(['c']);
  });
  it('an anchor the filters hid (or none) selects only the row clicked', () => {
    expect(selectRange(order, 'zz', 'b')).toEqual(['b']);
    expect(selectRange(order, undefined, 'b')).toEqual(['b']);
    expect(selectRange(order, 'a', 'zz')).toEqual([]);
  });
});

describe('re-run plans', () => {
  const body = { model: 'video-2.0-cl', prompt: 'a harbour', duration: 5 };
  let n = 0;
  const ids = () => `batch-${++n}`;

  it('sends the recorded body again, with one edit applied to all, as one new batch', () => {
    const plan = planRerun(
      [
        task('v1', { request: body, prompt: 'a harbour' }),
        task('m1', { kind: 'music', source: 'task-form', request: { model: 'music-1', prompt: 'lofi' } }),
      ],
      { duration: 8, model: 'video-2.0-cl-fast', promptSuffix: ' at dusk ' },
      ids,
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.requests.map((r) => [r.path, r.body, r.source])).toEqual([
      ['/v1/videos', { model: 'video-2.0-cl-fast', prompt: 'a harbour at dusk', duration: 8 }, 'composer'],
      // A duration is a video's field: a music body keeps its own.
      ['/v1/tasks', { model: 'video-2.0-cl-fast', prompt: 'lofi at dusk' }, 'task-form'],
    ]);
    expect(new Set(plan.requests.map((r) => r.batchId)).size).toBe(1);
    expect(plan.requests[0]!.batchId).toMatch(/^batch-/);
    expect(plan.requests[0]!.prompt).toBe('a harbour at dusk');
    // The recorded body itself is left as it was.
    expect(body).toEqual({ model: 'video-2.0-cl', prompt: 'a harbour', duration: 5 });
  });

  it('an empty edit sends the same body; one task is no batch', () => {
    const plan = planRerun([task('v1', { request: body, source: 'pasted' })], {}, ids);
    expect(plan.requests[0]!.body).toEqual(body);
    expect(plan.requests[0]!.batchId).toBeUndefined();
    expect(plan.requests[0]!.source).toBe('composer');
  });

  it('skips tasks without a recorded body and kinds no page creates; a shot stays in its run', () => {
    const plan = planRerun(
      [
        task('pasted'),
        task('img', { kind: 'image', request: { model: 'image-v1' } }),
        task('s2', {
          source: 'storyboard',
          request: body,
          batchId: 'run-1',
          storyboard: { id: 'sb', shot: 2 },
        }),
      ],
      {},
      ids,
    );
    expect(plan.skipped.map((t) => t.id)).toEqual(['pasted', 'img']);
    expect(plan.requests).toHaveLength(1);
    expect(plan.requests[0]).toMatchObject({ batchId: 'run-1', storyboard: { id: 'sb', shot: 2 } });
  });
});

describe('task states for bulk actions', () => {
  it('failed by any spelling; active while not ended or never seen', () => {
    expect(isFailed(task('a', { last: { status: 'FAILURE' } }))).toBe(true);
    expect(isFailed(task('a', { last: { status: 'cancelled' } }))).toBe(false);
    expect(isActive(task('a'))).toBe(true);
    expect(isActive(task('a', { last: { status: 'IN_PROGRESS' } }))).toBe(true);
    expect(isActive(task('a', { last: { status: 'succeeded' } }))).toBe(false);
    expect(isActive(task('a', { last: { notFound: true } }))).toBe(false);
  });
});
