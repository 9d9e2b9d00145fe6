import { createGenericTask } from '@/api/generic-tasks';
import { fieldElementId } from '@/lib/form/focus';
import type { FormIssue } from '@/lib/form/issues';
import { useSubmitTasks } from '@/lib/form/submit-tasks';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { requestCostInput } from '@/lib/money/task-cost';
import type { CreateTaskBody, FormKind } from './draft';

/** The id of a field's control (or of its group, for radios and asset slots) in a form. */
export const fieldIdOf = fieldElementId;

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
  const { submit, pending, refusal, dismissRefusal, capBreach, answerCap } = useSubmitTasks<
    CreateTaskBody,
    F,
    CreateTaskBody
  >({
    create: (sent: CreateTaskBody) => createGenericTask(sent),
    source: 'task-form',
    fieldOfParam: (param) => fieldOfParam(param),
  });
  const form = useFormFeedback({
    issues,
    showWhen: (issue) => (issue.code.includes('Required') ? 'submit' : 'typing'),
    elementId: (field) => fieldIdOf(formId, field),
    refusal,
    dismissRefusal,
    unchangedSince: (sent: CreateTaskBody, field: F) => {
      const param = paramOf[field];
      return !!param && bodyField(sent, param) === bodyField(body, param);
    },
  });

  return {
    feedback: form.feedback,
    formProps: form.formProps(() =>
      submit([{ body, kind, model: body.model, prompt: promptOf(body) }], body),
    ),
    panel: {
      ...form.panel,
      body,
      templateKind: kind === 'music' ? ('music' as const) : ('digital-human' as const),
      pending,
      costInputs: [requestCostInput({ kind, model: body.model, body })],
      capBreach,
      answerCap,
    },
  };
}
