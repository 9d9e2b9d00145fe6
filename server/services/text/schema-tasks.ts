import { ApiError, badRequest } from '../../errors';
import { compileSchema } from './json-schema';
import { exampleFor } from './schema-example';

/*
 * The work done on a caller's JSON Schema, as tasks the schema worker runs (schema-worker.ts,
 * decision 350): nothing here runs on the server's event loop. The tasks of one request run in
 * order and stop at the first refusal, so a request is refused for the same field, with the same
 * message, as when they ran inline.
 */

export type SchemaTask =
  /** Checks and compiles the schema sent in `param` (a tool's parameters); the result is null. */
  | { op: 'compile'; schema: unknown; param: string }
  /** A value valid against the schema, using what `message` names, as JSON text. */
  | { op: 'example'; schema: unknown; param: string; message: string };

/** A refusal as it crosses the thread boundary (an ApiError's fields; class instances do not). */
export interface TaskRefusal {
  status: number;
  message: string;
  code?: string;
  param?: string;
}

export type TaskOutcome = { ok: true; results: unknown[] } | { ok: false; refusal: TaskRefusal };

/** The refusal for a task whose checking recursed past the stack (a cycle Ajv follows forever). */
export function tooDeep(param: string): ApiError {
  return badRequest(
    `${param} could not be checked: checking it recursed without end, as a $ref or $dynamicRef does ` +
      'that leads back to the same schema (also through $id or $dynamicAnchor) without going into a ' +
      'property or item; break the cycle or flatten the schema.',
    param,
    'schema_too_deep',
  );
}

function refusalOf(error: unknown, param: string): TaskRefusal {
  const e = error instanceof RangeError ? tooDeep(param) : error;
  if (e instanceof ApiError) {
    return { status: e.status, message: e.message, code: e.options.code, param: e.options.param };
  }
  throw error;
}

/**
 * Runs `tasks` in order; `progress` is told which one is running, so that the pool can name its
 * field if the worker has to be stopped in the middle of it.
 */
export function runSchemaTasks(tasks: SchemaTask[], progress?: (index: number) => void): TaskOutcome {
  const results: unknown[] = [];
  for (const [index, task] of tasks.entries()) {
    progress?.(index);
    try {
      if (task.op === 'compile') {
        compileSchema(task.schema, task.param);
        results.push(null);
      } else {
        results.push(JSON.stringify(exampleFor(task.schema, task.param, task.message)));
      }
    } catch (error) {
      return { ok: false, refusal: refusalOf(error, task.param) };
    }
  }
  return { ok: true, results };
}
