import { z } from 'zod';
import { isRecord } from './is-record';
import { issuePath } from './issue-path';
import { quoted } from './quoted';

/*
 * Pieces the request schemas of the text family share (chat-completions-request.ts,
 * responses-request.ts, messages-request.ts). One part schema serves every message of a list, so
 * a message reads the field's full path from the issue (`messages[2].content[0].text`) instead of
 * naming it when the schema is written.
 */
type Issue = z.core.$ZodRawIssue;

export const fieldOf = (iss: Issue): string => issuePath(iss.path ?? []);

/** An error message that starts with the path of the field it is about. */
export const says =
  (rest: string) =>
  (iss: Issue): string =>
    `${fieldOf(iss)} ${rest}`;

export const listOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** `, got "video"`: what the client sent, when it was a string. */
export const sent = (value: unknown): string => (typeof value === 'string' ? `, got ${quoted(value)}` : '');

/** A non-empty string: an id or a name another field refers to. */
export const nonEmpty = (what: string) =>
  z.string({ error: says(`must be ${what}.`) }).min(1, { error: says(`must be ${what}.`) });

export const textField = z.string({ error: says('must be a string.') });

export const flag = z.boolean({ error: says('must be true or false.') }).nullish();

/**
 * A union's error map is typed for the union's own issue, but zod calls it for input that is not
 * an object at all too.
 */
export const notAnObject = (iss: Issue): boolean => iss.code === 'invalid_type';

/** What a union of parts says when a part is not an object or its `type` is not one it takes. */
export function partError(accepted: readonly string[], shape = 'an object with a "type"') {
  return (iss: Issue): string =>
    notAnObject(iss)
      ? `${fieldOf(iss)} must be ${shape}.`
      : `${fieldOf(iss)} must be one of ${listOf(accepted)}${sent(isRecord(iss.input) ? iss.input.type : undefined)}.`;
}

/**
 * Content as a string or an array of parts. A string is read as one text part of `textType`, so
 * the server sees one shape; a string is not tried as a union branch, whose failure would hide the
 * part (and the field) that is wrong.
 */
export function textOrParts<T extends z.ZodType>(part: T, textType: string, noun = 'content parts') {
  return z.preprocess(
    (v) => (typeof v === 'string' ? [{ type: textType, text: v }] : v),
    z.array(part, { error: says(`must be a string or an array of ${noun}.`) }),
  );
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const NAME_RULE = 'must be 1-64 letters, digits, "_" or "-" (the name the model calls the tool by).';

export const toolName = z.string({ error: says(NAME_RULE) }).regex(TOOL_NAME, { error: says(NAME_RULE) });

export const toolDescription = z.string({ error: says('must be a string.') }).nullish();

/**
 * A tool's input schema: a JSON Schema object describing an object. That it is a valid JSON Schema
 * is the server's check (Ajv compiles it); this contract imports nothing but zod.
 */
export const objectSchema = (missing?: string) =>
  z
    .record(z.string(), z.unknown(), {
      error: (iss) =>
        iss.input === undefined && missing
          ? `${fieldOf(iss)} ${missing}`
          : `${fieldOf(iss)} must be a JSON Schema with "type": "object".`,
    })
    .refine((s) => s.type === undefined || s.type === 'object', {
      error: says('must be a JSON Schema with "type": "object".'),
    });

/** Any value but absent: `schema` of a structured-output format. */
export const required = (rest: string) => z.custom<unknown>((v) => v !== undefined, { error: says(rest) });

/** The fields of a `json_schema` structured-output format (Chat nests them, Responses does not). */
export const jsonSchemaFormatFields = {
  name: z
    .string({ error: says('must be 1-64 letters, digits, "_" or "-".') })
    .regex(TOOL_NAME, { error: says('must be 1-64 letters, digits, "_" or "-".') }),
  strict: flag,
  schema: required('is required: the JSON Schema of the reply.'),
};

/** A list of tools: at most 128, names unique (a call could not say which of two was meant). */
export function toolList<T extends z.ZodType>(tool: T, nameOf: (t: z.output<T>) => string) {
  return z
    .array(tool, { error: 'tools must be an array of tool definitions.' })
    .max(128, 'tools may hold at most 128 tools.')
    .superRefine((tools, ctx) => {
      const seen = new Set<string>();
      tools.forEach((t, i) => {
        const name = nameOf(t);
        if (seen.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: `tools[${i}] repeats the tool name ${quoted(name)}: names must be unique.`,
          });
        }
        seen.add(name);
      });
    })
    .nullish();
}

type Ctx = z.core.$RefinementCtx;

/** A tool_choice other than none/auto needs tools to choose from. */
export function needTools(ctx: Ctx, tools: readonly unknown[] | null | undefined, demanding: boolean) {
  if (demanding && !tools?.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['tool_choice'],
      message: 'tool_choice needs tools: offer the tools it may choose from in "tools".',
    });
  }
}

/** A tool_choice that names a tool must name an offered one. */
export function offered(ctx: Ctx, names: readonly string[], name: string, path: Array<string | number>) {
  if (names.includes(name)) return;
  const param = issuePath(path);
  const list = names.map((n) => `"${n}"`).join(', ') || 'none';
  ctx.addIssue({
    code: 'custom',
    path,
    message: `${param} names the tool ${quoted(name)}, which is not among the offered tools (${list}).`,
  });
}

/**
 * The error code an issue carries in `params.code`, for the refusals the official clients tell
 * apart by code (a missing parameter, an unknown model); the server's envelope reads it from there
 * (server/validation.ts), every other issue is `invalid_parameter`.
 */
export const MISSING_PARAMETER = 'missing_required_parameter';

/**
 * `model`, which every text endpoint requires and checks first: absent, null and "" are missing; a
 * model of another endpoint does not exist here. `endpoint` ("POST /v1/messages") goes in the
 * message, since one model name serves several endpoints and the client needs to know which one
 * refused it.
 */
export function modelField(allowed: readonly string[], endpoint: string) {
  const list = listOf(allowed);
  return z.custom<string>().superRefine((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({
        code: 'custom',
        message: `model is required for ${endpoint}: use ${list}.`,
        params: { code: MISSING_PARAMETER },
      });
    } else if (typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: `model must be a string: use ${list}.` });
    } else if (!allowed.includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `The model ${quoted(value)} does not exist for ${endpoint}. Use ${list}.`,
        params: { code: 'model_not_found' },
      });
    }
  });
}

/**
 * A field the request must carry, then judged by `schema`: absent or null is refused with
 * `message` and `code` (missing_required_parameter unless said otherwise), before `schema` would
 * read it as an absent optional field. `blank` also counts a whitespace-only string as missing.
 */
export function requiredField<Out, In>(
  schema: z.ZodType<Out, In>,
  message: string,
  { code = MISSING_PARAMETER, blank = false }: { code?: string; blank?: boolean } = {},
) {
  return z
    .custom<In>()
    .superRefine((value, ctx) => {
      const missing =
        value === undefined || value === null || (blank && typeof value === 'string' && value.trim() === '');
      if (missing) ctx.addIssue({ code: 'custom', message, params: { code } });
    })
    .pipe(schema);
}
