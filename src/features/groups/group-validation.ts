import { hasControlCharacters } from '@contract/plain-text';

/**
 * The group form checked in the page, before any request, with messages in the reader's language
 * (the server's are English). Limits as in contract/group-schemas.ts.
 */
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 2_000;

/** An i18n key under `groups:form.errors` with its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}
export type GroupProblems = Partial<Record<'name' | 'description', FieldProblem>>;

/** `name` undefined: not being changed (an edit that touches only the description). */
export function checkGroup(values: { name?: string; description?: string }): GroupProblems {
  const problems: GroupProblems = {};
  if (values.name !== undefined) {
    const name = values.name.trim();
    if (name === '') problems.name = { key: 'nameRequired' };
    else if (name.length > MAX_NAME_LENGTH)
      problems.name = { key: 'tooLong', values: { length: name.length, max: MAX_NAME_LENGTH } };
    else if (hasControlCharacters(name)) problems.name = { key: 'nameControl' };
  }
  if (values.description !== undefined) {
    const description = values.description.trim();
    if (description.length > MAX_DESCRIPTION_LENGTH)
      problems.description = {
        key: 'tooLong',
        values: { length: description.length, max: MAX_DESCRIPTION_LENGTH },
      };
    else if (hasControlCharacters(description, { multiline: true }))
      problems.description = { key: 'descriptionControl' };
  }
  return problems;
}

/** Whether another group (not `exceptId`) already has this name, compared as a person would. */
export function isDuplicateName(
  name: string,
  groups: ReadonlyArray<{ id: string; name?: string | null }>,
  exceptId?: string,
): boolean {
  const wanted = name.trim().toLocaleLowerCase();
  return (
    wanted !== '' &&
    groups.some((g) => g.id !== exceptId && (g.name ?? '').trim().toLocaleLowerCase() === wanted)
  );
}
