import { callbackUrlIssue } from '@contract/callback-url-rules';

/**
 * One problem of a draft, as a code and values that the page translates under `issues.` of its
 * namespace. Warnings point things out; everything else (no severity, or 'error') blocks submit.
 */
export interface FormIssue<F extends string = string> {
  field: F;
  code: string;
  values?: Record<string, string | number>;
  severity?: 'error' | 'warning';
}

export const isBlocking = (issue: FormIssue): boolean => issue.severity !== 'warning';

export function hasErrors(issues: readonly FormIssue[]): boolean {
  return issues.some(isBlocking);
}

/** The first issue of each field, errors before warnings, for showing under the field. */
export function issuesByField<F extends string, I extends FormIssue<F>>(issues: readonly I[]): Map<F, I> {
  const byField = new Map<F, I>();
  for (const issue of issues) {
    const current = byField.get(issue.field);
    if (!current || (!isBlocking(current) && isBlocking(issue))) byField.set(issue.field, issue);
  }
  return byField;
}

/**
 * callback_url checked as it is typed. The key in use, user info and a non-http URL block (the
 * specification's rule); a parameter merely named like a credential is the local server's own guess
 * (issue 44), so in the browser it only warns: another deployment may take it.
 */
export function callbackIssues<F extends string>(
  field: F,
  url: string,
  secrets: readonly string[],
): FormIssue<F>[] {
  const text = url.trim();
  if (!text) return [];
  const problem = callbackUrlIssue(text, secrets);
  if (!problem) return [];
  const issue: FormIssue<F> = { field, code: `callback_${problem.code}` };
  if (problem.code === 'credential_param') {
    issue.values = { param: problem.param };
    issue.severity = 'warning';
  }
  return [issue];
}

/** A text longer than the contract allows, counted in characters as the server counts them. */
export function tooLong<F extends string>(field: F, value: string, max: number): FormIssue<F>[] {
  const length = [...value].length;
  return length > max ? [{ field, code: 'tooLong', values: { max, length } }] : [];
}

/** What a field shows under it: a server refusal (as sent), else its first local issue. */
export interface FieldFeedback {
  issue?: FormIssue;
  serverMessage?: string;
}
