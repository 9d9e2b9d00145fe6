import type { FormIssue } from './issues';

/** The parts of a zod issue a form words for itself (the message is the server's English). */
interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
}

/** A contract schema (zod or zod/mini): anything that parses with the input reported on its issues. */
export interface ContractSchema {
  safeParse(
    value: unknown,
    context: { reportInput: true },
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

function wordable(params: Record<string, unknown>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params))
    if (key !== 'code' && (typeof value === 'string' || typeof value === 'number')) values[key] = value;
  return values;
}

function issueOf<F extends string>(issue: SchemaIssue): FormIssue<F> {
  const field = String(issue.path[0] ?? '') as F;
  const input = issue.input;
  if (
    (issue.code === 'too_small' && issue.minimum === 1) ||
    (issue.code === 'invalid_type' && input === undefined)
  )
    return { field, code: `${field}Required` };
  if (issue.code === 'too_big' && typeof input === 'string')
    return { field, code: 'tooLong', values: { max: Number(issue.maximum), length: input.length } };
  const code = issue.params?.code;
  if (typeof code === 'string') return { field, code, values: wordable(issue.params ?? {}) };
  // A rule the form has no words for: the server's sentence, shown as it would answer.
  return { field, code: 'invalid', values: { message: issue.message } };
}

/**
 * A form checked by the very schema the server validates its body with, so page and server refuse
 * the same things at the same limits: each issue becomes a form issue on the field of its path.
 * Codes: `<field>Required`, `tooLong` (max, length), a code the contract put in the issue's params
 * (its other params as values), else `invalid` with the server's message.
 */
export function schemaIssues<F extends string>(schema: ContractSchema, value: unknown): FormIssue<F>[] {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : result.error.issues.map((issue) => issueOf<F>(issue));
}
