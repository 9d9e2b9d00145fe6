import { ApiError, badRequest } from '../../../errors';
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

/** Any error a task ends with, as a refusal naming the field it was checking. */
function refusalOf(error: unknown, param: string): TaskRefusal {
  let refusal: ApiError;
  if (error instanceof ApiError) refusal = error;
  else if (error instanceof RangeError) refusal = tooDeep(param);
  else {
    // Only a caller's schema reaches this code, so what it trips over is that schema's to fix; the
    // stack goes to the server's log (a worker's stderr is the process's), in case it is ours.
    process.stderr.write(`schema worker: ${error instanceof Error ? error.stack : String(error)}\n`);
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    refusal = badRequest(
      `${param} is not a JSON Schema the local server can use (${reason}).`,
      param,
      'unsupported_schema',
    );
  }
  return {
    status: refusal.status,
    message: refusal.message,
    code: refusal.options.code,
    param: refusal.options.param,
  };
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
