import { RegisterAssetByUrlSchema } from '@contract/asset-schemas';
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

/**
 * The draft checked in the page by the request's own schema (contract/asset-schemas.ts), so the
 * page refuses what the server would, at the same limits, in the reader's language.
 */
export function registerIssues(draft: RegisterDraft, group: string): FormIssue<RegisterField>[] {
  const url = draft.url.trim();
  const urlTooLong: FormIssue<RegisterField>[] =
    url.length > MAX_URL_LENGTH
      ? [{ field: 'url', code: 'urlTooLong', values: { length: url.length, max: MAX_URL_LENGTH } }]
      : [];
  return [
    ...urlTooLong,
    ...schemaIssues<RegisterField>(RegisterAssetByUrlSchema, registerBody(draft, group)),
  ];
}
