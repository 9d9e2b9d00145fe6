import type { TaskDirective } from './task-kind';
import { MAX_RUN_MS, MIN_RUN_MS } from './timing';

const FAIL_MARK = /\[fail\]/i;
const CANCEL_MARK = /\[cancel\]/i;

/**
 * `[fail]` and `[cancel]` in a task's own text field (`name`, `text`, `prompt`) end it that way
 * part-way through running, with every failure field set, as `[fail]` does for videos
 * (LOCAL_API.md): so people and tests can see each state of every kind.
 */
export function requestDirective(text: string, field: string, work: string): TaskDirective | undefined {
  if (FAIL_MARK.test(text)) {
    return {
      status: 'failed',
      atFraction: 0.6,
      code: 'generation_failed',
      message: `${work} failed: ${field} contains [fail], which makes the local server fail the task on purpose. Remove [fail] to get a result.`,
      failReason: `The ${field} asked for a failure with [fail].`,
    };
  }
  if (CANCEL_MARK.test(text)) {
    return {
      status: 'cancelled',
      atFraction: 0.3,
      code: 'task_cancelled',
      message: `The task was cancelled: ${field} contains [cancel], which makes the local server cancel it. Stop polling this task.`,
      failReason: `The ${field} asked for cancellation with [cancel].`,
    };
  }
  return undefined;
}

/** Running time at EMULATOR_SPEED 1 within the 8-20 s of LOCAL_API.md (decision 065). */
export function boundedRunMs(ms: number): number {
  return Math.round(Math.min(MAX_RUN_MS, Math.max(MIN_RUN_MS, ms)));
}
