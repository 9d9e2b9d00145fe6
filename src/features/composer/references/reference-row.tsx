import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { COMPOSER_ROLES, type ReferenceDraft } from '@/lib/video-draft/draft';
import { FieldMessage, feedbackIsError } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';
import { ReferenceMediaField } from './reference-media-field';
import { Thumbnail } from './reference-thumbnail';
import { refField, type FieldKey } from '@/lib/video-draft/validation';

interface ReferenceRowProps {
  reference: ReferenceDraft;
  index: number;
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  onChange: (change: Partial<Omit<ReferenceDraft, 'key'>>) => void;
  onRoleChange: (role: string) => void;
  onRemove: () => void;
  onPick: () => void;
  onPickIntent: () => void;
  model: string;
}

/** One reference: role, alias and media (a library asset or a URL). Labels name the row number. */
export function ReferenceRow(props: ReferenceRowProps) {
  const { reference: ref, index, fieldId, feedback } = props;
  const { t } = useTranslation('composer');
  const n = index + 1;
  const ids = {
    role: fieldId(refField(ref.key, 'role')),
    alias: fieldId(refField(ref.key, 'alias')),
    url: fieldId(refField(ref.key, 'url')),
  };
  const fb = {
    role: feedback(refField(ref.key, 'role')),
    alias: feedback(refField(ref.key, 'alias')),
    url: feedback(refField(ref.key, 'url')),
  };
  const roles = (COMPOSER_ROLES as readonly string[]).includes(ref.role)
    ? COMPOSER_ROLES
    : [...COMPOSER_ROLES, ref.role];
  const numbered = (label: string) => (
    <>
      {label}
      <span className="sr-only"> {t('references.ofNumber', { n })}</span>
    </>
  );

  return (
    <li
      className="@container rounded-lg border bg-card p-3"
      aria-label={t('references.rowLabel', { n, role: t(`roles.${ref.role}`, { defaultValue: ref.role }) })}
      data-reference-key={ref.key}
    >
      <div className="flex gap-3">
        <div className="hidden shrink-0 @md:block">
          <Thumbnail reference={ref} />
        </div>
        <div className="grid min-w-0 flex-1 gap-3 @lg:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.role}>{numbered(t('references.role'))}</Label>
            <Select
              id={ids.role}
              value={ref.role}
              onChange={(e) => props.onRoleChange(e.target.value)}
              aria-invalid={feedbackIsError(fb.role) || undefined}
              aria-describedby={fb.role ? `${ids.role}-message` : undefined}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`, { defaultValue: role })}
                </option>
              ))}
            </Select>
            <FieldMessage id={`${ids.role}-message`} feedback={fb.role} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.alias}>{numbered(t('references.alias'))}</Label>
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
              >
                @
              </span>
              <Input
                id={ids.alias}
                className="pl-7 font-mono"
                value={ref.alias}
                placeholder={t('references.aliasPlaceholder')}
                onChange={(e) => props.onChange({ alias: e.target.value.replace(/^@/, '') })}
                aria-invalid={feedbackIsError(fb.alias) || undefined}
                aria-describedby={fb.alias ? `${ids.alias}-message` : undefined}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <FieldMessage id={`${ids.alias}-message`} feedback={fb.alias} />
          </div>
          <ReferenceMediaField
            reference={ref}
            id={ids.url}
            label={numbered(t('references.url'))}
            pickLabel={t('references.pickLabel', { n })}
            feedback={fb.url}
            onChange={props.onChange}
            onPick={props.onPick}
            onPickIntent={props.onPickIntent}
            model={props.model}
          />
        </div>
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          onClick={props.onRemove}
          aria-label={t('references.remove', { n })}
          className="self-start"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
