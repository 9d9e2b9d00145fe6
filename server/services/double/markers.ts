import type { MarkedText } from '../tasks/task-kind';
import type { Directives } from './directives';

const FAIL_MARK = /\[fail\]/i;
const CANCEL_MARK = /\[cancel\]/i;

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
