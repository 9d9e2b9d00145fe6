import { isApiRequestError } from '@/api/api-client';
import { notifyError } from '@/lib/notify';
import type { GroupFormErrors } from './group-form';

/** A server error on `name`/`description` goes next to that field; anything else is a toast. */
export function onServerError(error: unknown, fallbackTitle: string): GroupFormErrors {
  const param = isApiRequestError(error) ? error.info.param : undefined;
  if (param === 'name' || param === 'description') return { [param]: (error as Error).message };
  notifyError(error, fallbackTitle);
  return {};
}

/** What the schema still refuses after the form's checks (it should be nothing), by field. */
export function schemaErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): GroupFormErrors {
  const errors: GroupFormErrors = {};
  for (const issue of issues) {
    const key = issue.path[0] === 'description' ? 'description' : 'name';
    errors[key] ??= issue.message;
  }
  return errors;
}
