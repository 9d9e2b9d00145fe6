import type { MarkedText } from '../tasks/task-kind';
import type { Directives } from './directives';

const FAIL_MARK = /\[fail\]/i;
const CANCEL_MARK = /\[cancel\]/i;
const SLOW_PACE = 10;

/**
 * The prompt markers of LOCAL_API.md, read as the directives they stand for: `[fail]` in a task's
 * own text field (`prompt`, `name`, `text`) is `task-fail=generation_failed`, `[cancel]` a
 * cancellation, each part-way through running with every failure field set, so that people and
 * tests can see each state of every kind. The one place the markers are parsed (decision 400).
 */
export function markerDirectives(marked: MarkedText | undefined): Directives {
  if (!marked) return {};
  const { text, field, work, result = 'a result' } = marked;
  if (FAIL_MARK.test(text)) {
    return {
      taskFail: {
        code: 'generation_failed',
        message: `${work} failed: the ${field} contains [fail], which makes the local server fail the task on purpose. Remove [fail] to get ${result}.`,
        failReason: `The ${field} asked for a failure with [fail].`,
      },
      taskEndAt: 0.6,
    };
  }
  if (CANCEL_MARK.test(text)) {
    return {
      taskCancel: {
        message: `The task was cancelled: the ${field} contains [cancel], which makes the local server cancel it. Stop polling this task.`,
        failReason: `The ${field} asked for cancellation with [cancel].`,
      },
      taskEndAt: 0.3,
    };
  }
  return {};
}

/**
 * The asset name markers of LOCAL_API.md, looked for (in any case) in the source URL or the
 * uploaded file's name, read as the directives they stand for: `review-fail` is
 * `asset=review-failed`, `reject` is `asset=prep-failed` (review passed, preparation refused:
 * Asset states rule 2), each with its default sync_error; `slow` makes the lifecycle ten times slower.
 */
export function assetMarkerDirectives(source: string): Directives {
  const s = source.toLowerCase();
  const asset = s.includes('review-fail')
    ? 'review-failed'
    : s.includes('reject')
      ? 'prep-failed'
      : undefined;
  return { ...(asset ? { asset } : {}), ...(s.includes('slow') ? { assetPace: SLOW_PACE } : {}) };
}
