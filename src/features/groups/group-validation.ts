import { CreateGroupSchema, UpdateGroupSchema } from '@contract/group-schemas';
import type { FormIssue } from '@/lib/form/issues';
import { schemaIssues } from '@/lib/form/schema-issues';

export interface GroupValues {
  name: string;
  description: string;
}
export type GroupField = keyof GroupValues;

/** What an edit sends (PATCH): only what changed, so a rename never rewrites a description someone else just edited. */
export function groupChange(values: GroupValues, saved: GroupValues): Partial<GroupValues> {
  return Object.fromEntries(
    (['name', 'description'] as const).filter((f) => values[f] !== saved[f]).map((f) => [f, values[f]]),
  );
}

/**
 * The group form checked in the page by the schema the server validates the request with
 * (contract/group-schemas.ts): the whole body of a create, the change of an edit (an edit that
 * leaves the name alone does not judge it). "Required" says the limit the schema sets.
 */
export function groupIssues(values: GroupValues, saved?: GroupValues): FormIssue<GroupField>[] {
  const issues = saved
    ? Object.keys(groupChange(values, saved)).length > 0
      ? schemaIssues<GroupField>(UpdateGroupSchema, groupChange(values, saved))
      : []
    : schemaIssues<GroupField>(CreateGroupSchema, values);
  // Length bounds are the local server's own (README, "This server's own bounds"): a deployment may
  // allow longer names and descriptions, so the page leaves that refusal to the server it talks to.
  return issues
    .filter((issue) => issue.code !== 'tooLong')
    .map((issue) => (issue.code === 'nameRequired' ? { field: issue.field, code: issue.code } : issue));
}

/**
 * Another group (not `exceptId`) with this name, compared as a person would: a warning, since the
 * API allows it (decision 090).
 */
export function duplicateNameIssues(
  name: string,
  groups: ReadonlyArray<{ id: string; name?: string | null }>,
  exceptId?: string,
): FormIssue<GroupField>[] {
  const wanted = name.trim().toLocaleLowerCase();
  const taken =
    wanted !== '' &&
    groups.some((g) => g.id !== exceptId && (g.name ?? '').trim().toLocaleLowerCase() === wanted);
  return taken
    ? [{ field: 'name', code: 'duplicateName', severity: 'warning', values: { name: name.trim() } }]
    : [];
}
