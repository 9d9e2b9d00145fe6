import { hasControlCharacters } from '@contract/plain-text';
import type { RegisterDraft } from './register-draft-store';

/**
 * The register form checked in the page, before any request, with messages in the reader's
 * language (the server's are English). The limits are the request schema's
 * (contract/asset-schemas.ts RegisterAssetByUrlSchema); the URL's length is the page's own: the
 * schema sets none, and a link longer than this is almost always a pasted data: URL or a signed URL
 * glued twice (decision 090).
 */
export const MAX_URL_LENGTH = 2_048;
const MAX_LENGTH: Partial<Record<keyof RegisterDraft, number>> = {
  purpose: 64,
  role: 64,
  group_id: 64,
  name: 200,
};

/** An i18n key under `asset-register:register.errors` with its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}
export type RegisterProblems = Partial<Record<keyof RegisterDraft, FieldProblem>>;

export function checkUrl(raw: string): FieldProblem | undefined {
  const url = raw.trim();
  if (url === '') return { key: 'urlRequired' };
  if (url.length > MAX_URL_LENGTH)
    return { key: 'urlTooLong', values: { length: url.length, max: MAX_URL_LENGTH } };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { key: 'urlInvalid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { key: 'urlScheme', values: { scheme: parsed.protocol.replace(/:$/, '') } };
  }
  if (!parsed.hostname) return { key: 'urlInvalid' };
  return undefined;
}

/** Every problem of the draft, by field; empty when it may be sent. */
export function checkRegisterDraft(draft: RegisterDraft): RegisterProblems {
  const problems: RegisterProblems = {};
  const url = checkUrl(draft.url);
  if (url) problems.url = url;
  for (const [field, max] of Object.entries(MAX_LENGTH) as Array<[keyof RegisterDraft, number]>) {
    const value = draft[field].trim();
    if (value.length > max) problems[field] = { key: 'tooLong', values: { length: value.length, max } };
    else if (hasControlCharacters(value)) problems[field] = { key: 'controlCharacters' };
  }
  return problems;
}

/** The fields in the order the form shows them: the first one with a problem takes focus. */
export const REGISTER_FIELD_ORDER: ReadonlyArray<keyof RegisterDraft> = [
  'url',
  'model',
  'mode',
  'type',
  'purpose',
  'role',
  'name',
  'group_id',
];
