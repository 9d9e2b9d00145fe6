import type { FormEvent } from 'react';
import { createGenericTask } from '@/api/generic-tasks';
import { fieldElementId, focusElement } from '@/lib/form/focus';
import type { FormIssue } from '@/lib/form/issues';
import { useSubmitTasks } from '@/lib/form/submit-tasks';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import type { CreateTaskBody, FormKind } from './draft';

/** The id of a field's control (or of its group, for radios and asset slots) in a form. */
export const fieldIdOf = fieldElementId;

const focusField = (formId: string, field: string) => focusElement(fieldIdOf(formId, field));

/** The text a tracked task shows in the monitor's list: what the person wrote. */
function promptOf(body: CreateTaskBody): string | undefined {
  if ('text' in body) return body.text;
  if ('customMode' in body) return body.title || body.prompt || body.style;
  return body.name || undefined;
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

const bodyField = (body: CreateTaskBody, param: string) =>
  (body as unknown as Record<string, unknown>)[param];

/**
 * A task form on the shared form kit: "required" issues wait for the first submit attempt, a
 * submit with issues focuses the first, a server refusal is pinned to the field its `param` names
 * until that value changes, and a valid body is sent (POST /v1/tasks) as a task of `kind`.
 */
export function useTaskForm<F extends string>({
  formId,
  kind,
  body,
  issues,
  fieldOfParam,
  paramOf,
}: TaskFormOptions<F>) {
  const { submit, pending, refusal, dismissRefusal } = useSubmitTasks<CreateTaskBody, F, CreateTaskBody>({
    create: (sent: CreateTaskBody) => createGenericTask(sent),
    source: 'task-form',
    fieldOfParam: (param) => fieldOfParam(param),
    onRefused: (r) => {
      const field = r.field;
      if (field) requestAnimationFrame(() => focusField(formId, field));
    },
  });
  const form = useFormFeedback({
    issues,
    quietUntilSubmit: (issue) => issue.code.includes('Required'),
    refusal,
    unchangedSince: (sent: CreateTaskBody, field: F) => {
      const param = paramOf[field];
      return !!param && bodyField(sent, param) === bodyField(body, param);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const first = form.attempt();
    if (first) {
      requestAnimationFrame(() => focusField(formId, first.field));
      return;
    }
    submit([{ body, kind, model: body.model, prompt: promptOf(body) }], body);
  }

  return {
    feedback: form.feedback,
    onSubmit,
    panel: {
      body,
      problems: form.errors.length,
      refusal,
      pending,
      onDismissRefusal: dismissRefusal,
    },
  };
}
