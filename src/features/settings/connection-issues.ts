import { isValidBaseUrl } from '@/api/connection-store';
import type { FormIssue } from '@/lib/form/issues';

export type ConnectionField = 'baseUrl' | 'imagePrefix';

/**
 * Settings only (kept out of the first load): a path of plain segments (no query, no dot segments,
 * no spaces or encoded characters), or nothing.
 */
export function isValidImagePrefix(value: string): boolean {
  if (value.trim() === '') return true;
  const segments = value
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  return segments.every((s) => /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(s));
}

/** The connection draft's problems, translated under `issues.` of the settings namespace. */
export function connectionIssues(draft: {
  baseUrl: string;
  imagePrefix: string;
}): FormIssue<ConnectionField>[] {
  const issues: FormIssue<ConnectionField>[] = [];
  if (!isValidBaseUrl(draft.baseUrl)) issues.push({ field: 'baseUrl', code: 'baseUrlInvalid' });
  if (!isValidImagePrefix(draft.imagePrefix))
    issues.push({ field: 'imagePrefix', code: 'imagePrefixInvalid' });
  return issues;
}
