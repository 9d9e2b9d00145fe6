import * as z from 'zod/mini';
import { RegisterAssetByUrlSchema } from '@contract/asset-schemas';
import { plainText } from '@contract/plain-text';
import type { FormIssue } from '@/lib/form/issues';
import { schemaIssues } from '@/lib/form/schema-issues';
import type { RegisterDraft } from './register-draft';

/**
 * The URL's length is the page's own limit, not a copy of the contract's: the schema sets none, and
 * a link longer than this is almost always a pasted data: URL or a signed URL glued twice
 * (decision 090).
 */
export const MAX_URL_LENGTH = 2_048;

/** The fields of the form that can have a problem (the preset only fills the others in). */
export type RegisterField = Exclude<keyof RegisterDraft, 'preset'>;

/** The body of POST /v1/assets/uploads: what was filled in, in the library's group unless another was picked. */
export function registerBody(
  draft: RegisterDraft,
  group: string,
): { url: string } & Partial<Record<RegisterField, string>> {
  const { preset: _preset, url, ...fields } = { ...draft, group_id: draft.group_id || group };
  return { url, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '')) };
}

const text = (field: string, opts: { multiline?: boolean } = {}) =>
  z.optional(z.string().check(z.trim(), plainText(field, opts)));

/**
 * The request's schema (contract/asset-schemas.ts) without the server's length bounds on its text
 * fields: those are this server's own, and another deployment may set others (issue 44 §3,
 * decision 377), so the page leaves them to whichever server answers. The shape checks (the URL,
 * the model's form, no control characters) stay.
 */
const RegisterFormSchema = z.object({
  ...RegisterAssetByUrlSchema.shape,
  type: text('type'),
  purpose: text('purpose'),
  role: text('role'),
  group_id: text('group_id'),
  name: text('name'),
  description: text('description', { multiline: true }),
  domain: text('domain'),
});

/**
 * The draft checked in the page by the request's schema without the server's bounds, so the page
 * refuses what no server would take, in the reader's language.
 */
export function registerIssues(draft: RegisterDraft, group: string): FormIssue<RegisterField>[] {
  const url = draft.url.trim();
  const urlTooLong: FormIssue<RegisterField>[] =
    url.length > MAX_URL_LENGTH
      ? [{ field: 'url', code: 'urlTooLong', values: { length: url.length, max: MAX_URL_LENGTH } }]
      : [];
  return [...urlTooLong, ...schemaIssues<RegisterField>(RegisterFormSchema, registerBody(draft, group))];
}
