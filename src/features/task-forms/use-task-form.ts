import { useState, type FormEvent } from 'react';
import type { CreateTaskBody, FormKind } from './draft';
import type { Feedback } from './form-field';
import { pinnedMessage, useSubmitTask } from './use-submit-task';
import { firstIssueByField, type FormIssue } from './validation';

/** The id of a field's control (or of its group, for radios and asset slots) in a form. */
export const fieldIdOf = (formId: string, field: string) => `${formId}-${field}`;

/** Focus a field's control: the element with its id, or the first control inside that element. */
export function focusField(formId: string, field: string) {
  const el = document.getElementById(fieldIdOf(formId, field));
  const target = el?.matches('input, select, textarea')
    ? el
    : el?.querySelector<HTMLElement>('input:checked, input, select, textarea');
  target?.focus();
  target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

interface TaskFormOptions<F extends string> {
  formId: string;
  kind: FormKind;
  body: CreateTaskBody;
  issues: FormIssue<F>[];
  fieldOfParam: (param: string | undefined) => F | undefined;
  /** The body field each form field fills; undefined for one that is never sent. */
  paramOf: Record<F, string | undefined>;
}

/**
 * What every task form does the same way: "required" issues wait for the first submit attempt,
 * a submit with issues focuses the first, a server refusal is pinned to the field its `param`
 * names until that value changes, and a valid body is sent as a task of `kind`.
 */
export function useTaskForm<F extends string>({
  formId,
  kind,
  body,
  issues,
  fieldOfParam,
  paramOf,
}: TaskFormOptions<F>) {
  const [attempted, setAttempted] = useState(false);
  const { submit, pending, refusal, dismissRefusal } = useSubmitTask(fieldOfParam, (r) => {
    const field = r.field;
    if (field) requestAnimationFrame(() => focusField(formId, field));
  });
  const shown = firstIssueByField(attempted ? issues : issues.filter((i) => !i.code.includes('Required')));

  const feedback = (field: F): Feedback | undefined => {
    const issue = shown.get(field);
    const server = pinnedMessage(refusal, field, paramOf[field], body);
    return issue || server ? { issue, serverMessage: server } : undefined;
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const first = issues[0];
    if (first) {
      requestAnimationFrame(() => focusField(formId, first.field));
      return;
    }
    submit(body, kind);
  }

  return {
    feedback,
    onSubmit,
    panel: {
      body,
      problems: attempted ? issues.length : 0,
      refusal,
      pending,
      onDismissRefusal: dismissRefusal,
    },
  };
}
