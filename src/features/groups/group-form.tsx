import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';
import {
  checkGroup,
  isDuplicateName,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  type GroupProblems,
} from './group-validation';

/** Messages the server sent about a field (its `param`), shown as they came. */
export type GroupFormErrors = Partial<Record<'name' | 'description', string>>;
type Field = 'name' | 'description';

interface GroupFormProps {
  name: string;
  description: string;
  onChange: (change: { name?: string; description?: string }) => void;
  /** Called only once the values pass the checks. */
  onSubmit: () => void;
  serverErrors: GroupFormErrors;
  pending: boolean;
  submitLabel: string;
  /** The group being edited: its own name is not a duplicate. */
  groupId?: string;
}

/**
 * Name and description, shared by create and edit. Checked here before any request, with
 * translated messages next to their field (aria-invalid, aria-describedby); the first field with a
 * problem takes focus. A problem goes away as soon as the field is fixed.
 */
export function GroupForm(props: GroupFormProps) {
  const { name, description, onChange, onSubmit, serverErrors, pending, submitLabel, groupId } = props;
  const { t } = useTranslation('groups');
  const id = useId();
  const [problems, setProblems] = useState<GroupProblems>({});
  // The API allows two groups with one name; say so before a second one makes them easy to mix up.
  const groups = useQuery(groupQueries.list());
  const duplicate = isDuplicateName(name, groups.data?.data ?? [], groupId);

  const message = (field: Field) => {
    const problem = problems[field];
    return problem ? t(`form.errors.${problem.key}`, problem.values) : serverErrors[field];
  };
  const change = (field: Field, value: string) => {
    onChange({ [field]: value });
    // Re-checked while wrong, so the message leaves as soon as the value is right (not while typing a fresh one).
    if (problems[field]) setProblems((p) => ({ ...p, [field]: checkGroup({ [field]: value })[field] }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkGroup({ name, description });
    setProblems(found);
    const first = (['name', 'description'] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    onSubmit();
  };
  const describedBy = (field: Field, extra?: string | false) =>
    [message(field) && `${id}-${field}-error`, extra].filter(Boolean).join(' ') || undefined;
  const errorText = (field: Field) =>
    message(field) ? (
      <p id={`${id}-${field}-error`} role="alert" className="text-xs text-destructive">
        {message(field)}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>{t('form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          required
          aria-required="true"
          aria-invalid={message('name') ? true : undefined}
          aria-describedby={describedBy('name', duplicate && `${id}-name-duplicate`)}
          onChange={(e) => change('name', e.target.value)}
        />
        {errorText('name')}
        {duplicate && (
          <p id={`${id}-name-duplicate`} className="text-xs text-warning" data-testid="duplicate-name">
            {t('form.duplicateName', { name: name.trim() })}
          </p>
        )}
        <Counter length={name.trim().length} max={MAX_NAME_LENGTH} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          aria-invalid={message('description') ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(e) => change('description', e.target.value)}
        />
        {errorText('description')}
        <Counter length={description.trim().length} max={MAX_DESCRIPTION_LENGTH} />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? t('form.saving') : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Shown from 80 % of the limit on, so nobody is surprised by it on submit. */
function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation('groups');
  if (length < max * 0.8) return null;
  return (
    <p className={length > max ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
      {t('form.counter', { length, max })}
    </p>
  );
}
