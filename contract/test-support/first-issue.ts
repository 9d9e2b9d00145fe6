import { expect } from 'vitest';
import type { z } from 'zod';
import { issuePath } from '../issue-path';

/** The first problem a schema finds in `body`, as the server reports it: the field and the message. */
export function firstIssue(schema: z.ZodType, body: unknown): { param: string; message: string } {
  const result = schema.safeParse(body);
  expect(result.success, JSON.stringify(body)).toBe(false);
  const issue = result.error!.issues[0]!;
  return { param: issuePath(issue.path), message: issue.message };
}
