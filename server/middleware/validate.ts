import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { readJson } from '../http';
import { parseOrThrow } from '../validation';

/** What a route that validates its JSON body with `schema` reads back from `c.req.valid('json')`. */
type ValidJson<S extends z.core.$ZodType> = {
  in: { json: z.input<S> };
  out: { json: z.output<S> };
};

/**
 * The JSON body judged by a contract schema, through Hono's validator: the handler reads the
 * parsed request from `c.req.valid('json')`. A refusal is thrown as the project's envelope (a 400
 * naming the field, with the code the schema gives), which the app's error handler answers and
 * each format's error middleware reshapes (anthropic-error-shape.ts on the Messages endpoints).
 *
 * The body is read by `readJson` first, because Hono's own JSON reading would take a body with the
 * wrong Content-Type as `{}` and answer a malformed one with its own message; readJson answers
 * those 415 and 400 with what to fix, and refuses a body nested past the bound before it is
 * parsed (decision 325). Hono's validator then reads the cached text.
 */
export function validJson<S extends z.core.$ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, ValidJson<S>> {
  // Hono's inference cannot see through a generic schema; the validated type is set here instead,
  // as @hono/zod-validator does.
  const judge = validator('json', (value) => parseOrThrow(schema, value)) as MiddlewareHandler<
    AppEnv,
    string,
    ValidJson<S>
  >;
  return async (c, next) => {
    await readJson(c);
    return judge(c, next);
  };
}

/**
 * The query string as the schema reads it: one value a parameter (the first of a repeated one, as
 * `c.req.query()` reads it), and empty ones dropped: `?type=&page=` from a form left on "All" means
 * "not given", not "invalid".
 */
function queryValues(query: Record<string, string | string[]>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first.trim() !== '') values[key] = first;
  }
  return values;
}

type ValidQuery<S extends z.core.$ZodType> = {
  in: { query: Record<string, string | string[]> };
  out: { query: z.output<S> };
};

/**
 * The query string judged by a contract schema, read back from `c.req.valid('query')`; a refusal
 * is the same 400 envelope as validJson's, naming the parameter.
 */
export function validQuery<S extends z.core.$ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, ValidQuery<S>> {
  return validator('query', (value) => parseOrThrow(schema, queryValues(value))) as MiddlewareHandler<
    AppEnv,
    string,
    ValidQuery<S>
  >;
}

/**
 * A multipart body as the server reads it (services/multipart-upload.ts): every value of each
 * field, the `file` part already streamed to disk, and how to remove what was stored.
 */
export interface ReceivedForm<F> {
  fields: Record<string, string[]>;
  file?: F;
  cleanup(): Promise<void>;
}

/**
 * The form as a schema reads it: the first value of a field, all the values of a list field
 * (`timestamp_granularities[]` read as `timestamp_granularities`), the file part as `file`, and
 * blank fields dropped, as in query strings: a browser sends a control left blank as "".
 */
function formValues<F>({ fields, file }: ReceivedForm<F>): Record<string, unknown> {
  const values = Object.create(null) as Record<string, unknown>;
  for (const [name, all] of Object.entries(fields)) {
    const given = all.filter((value) => value.trim() !== '');
    if (given.length === 0) continue;
    if (name.endsWith('[]')) values[name.slice(0, -2)] = given;
    else values[name] ??= given[0];
  }
  if (file !== undefined) values.file = file;
  return values;
}

type ValidForm<S extends z.core.$ZodType> = { out: { form: z.output<S> } };

/**
 * A multipart body judged by a contract schema, read back from `c.req.valid('form')`; a refusal is
 * the same 400 envelope as validJson's. `receive` streams the file to disk as it arrives, rather
 * than buffering it as Hono's own form reading would; what it stored is removed once the handler
 * has answered (a service keeps the file by moving it away first) or the form is refused.
 */
export function validForm<S extends z.core.$ZodType, F>(
  schema: S,
  receive: (c: Context<AppEnv>) => Promise<ReceivedForm<F>>,
): MiddlewareHandler<AppEnv, string, ValidForm<S>> {
  return async (c, next) => {
    const form = await receive(c);
    try {
      c.req.addValidatedData('form', parseOrThrow(schema, formValues(form)) as object);
      await next();
    } finally {
      await form.cleanup();
    }
  };
}
