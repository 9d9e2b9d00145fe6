import { useQuery } from '@tanstack/react-query';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { GROUP_LIMITS } from '@contract/group-schemas';
import { Counter, Field, type ControlProps } from '@/components/form/field';
import { FormNamespace } from '@/components/form/issue-text';
import { SubmitPanel } from '@/components/form/submit-panel';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { groupQueries } from '@/api/groups';
import { fieldElementId } from '@/lib/form/focus';
import type { Refusal } from '@/lib/form/refusal';
import { submitShortcutAria } from '@/lib/form/submit-shortcut';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { useTranslation } from '@/lib/i18n';
import { duplicateNameIssues, groupIssues, type GroupField, type GroupValues } from './group-validation';

interface GroupFormProps {
  values: GroupValues;
  onChange: (change: Partial<GroupValues>) => void;
  /** Called only once the values pass the checks. */
  onSubmit: () => void;
  refusal: Refusal<GroupField, GroupValues> | null;
  onDismissRefusal: () => void;
  refusedTitle: string;
  pending: boolean;
  submitLabel: string;
  /** The group being edited, as saved: only what changed is judged, and its own name is no duplicate. */
  saved?: { id: string; values: GroupValues };
}

/**
 * Name and description, shared by create and edit, on the form kit: checked by the request's
 * schema in the reader's language (a field once left, "required" on submit), a duplicate name
 * warned about, the first problem focused on submit, a refusal pinned to the field it names.
 */
export function GroupForm(props: GroupFormProps) {
  const { values, onChange, onSubmit, refusal, onDismissRefusal, refusedTitle, pending, submitLabel, saved } =
    props;
  const { t } = useTranslation('groups');
  const formId = `group-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  // The API allows two groups with one name; say so before a second one makes them easy to mix up.
  const groups = useQuery(groupQueries.list());
  const form = useFormFeedback({
    issues: [
      ...groupIssues(values, saved?.values),
      ...duplicateNameIssues(values.name, groups.data?.data ?? [], saved?.id),
    ],
    showWhen: (issue) =>
      issue.severity === 'warning' ? 'typing' : issue.code.endsWith('Required') ? 'submit' : 'left',
    elementId: (field) => fieldElementId(formId, field),
    refusal,
    dismissRefusal: onDismissRefusal,
    unchangedSince: (sent, field) => sent[field] === values[field],
  });
  const onInput = (name: GroupField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ [name]: event.target.value });
  const field = (name: GroupField, control: (props: ControlProps) => ReactNode) => (
    <Field
      id={fieldElementId(formId, name)}
      label={t(`form.${name}`)}
      feedback={form.feedback(name)}
      aside={<Counter value={values[name].trim()} max={name === 'name' ? undefined : GROUP_LIMITS[name]} />}
    >
      {control}
    </Field>
  );

  return (
    <FormNamespace.Provider value="groups">
      <form id={formId} {...form.formProps(onSubmit)} className="grid gap-3">
        {field('name', (control) => (
          <Input {...control} value={values.name} required aria-required="true" onChange={onInput('name')} />
        ))}
        {field('description', (control) => (
          <Textarea {...control} value={values.description} onChange={onInput('description')} />
        ))}
        <SubmitPanel layout="footer" refusedTitle={refusedTitle} {...form.panel}>
          <DialogFooter>
            <Button type="submit" disabled={pending} aria-keyshortcuts={submitShortcutAria()}>
              {pending ? t('form.saving') : submitLabel}
            </Button>
          </DialogFooter>
        </SubmitPanel>
      </form>
    </FormNamespace.Provider>
  );
}
