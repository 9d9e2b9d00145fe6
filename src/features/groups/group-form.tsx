import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { groupQueries } from '@/api/groups';

export type GroupFormErrors = Partial<Record<'name' | 'description', string>>;

interface GroupFormProps {
  name: string;
  description: string;
  onChange: (change: { name?: string; description?: string }) => void;
  onSubmit: () => void;
  errors: GroupFormErrors;
  pending: boolean;
  submitLabel: string;
  /** The group being edited: its own name is not a duplicate. */
  groupId?: string;
}

/** Name and description, shared by create and edit; errors sit next to their field. */
export function GroupForm({
  name,
  description,
  onChange,
  onSubmit,
  errors,
  pending,
  submitLabel,
  groupId,
}: GroupFormProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  // The API allows two groups with one name; say so before a second one makes them easy to mix up.
  const groups = useQuery(groupQueries.list());
  const wanted = name.trim().toLocaleLowerCase();
  const duplicate =
    wanted !== '' &&
    (groups.data?.data ?? []).some(
      (g) => g.id !== groupId && (g.name ?? '').trim().toLocaleLowerCase() === wanted,
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>{t('form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={
            [errors.name && `${id}-name-error`, duplicate && `${id}-name-duplicate`]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => onChange({ name: e.target.value })}
        />
        {errors.name && (
          <p id={`${id}-name-error`} role="alert" className="text-xs text-destructive">
            {errors.name}
          </p>
        )}
        {duplicate && (
          <p id={`${id}-name-duplicate`} className="text-xs text-warning" data-testid="duplicate-name">
            {t('form.duplicateName', { name: name.trim() })}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={2000}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        {errors.description && (
          <p id={`${id}-description-error`} role="alert" className="text-xs text-destructive">
            {errors.description}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? t('form.saving') : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Field errors from a zod result or a server error's `param`, keyed by field. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): GroupFormErrors {
  const errors: GroupFormErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (key === 'name' || key === 'description') errors[key] ??= issue.message;
    else errors.name ??= issue.message;
  }
  return errors;
}
