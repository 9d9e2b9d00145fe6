import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { DraftIssue } from './validation';

/** What a field shows under it: a server refusal (as sent), else the first local issue. */
export interface FieldFeedback {
  issue?: DraftIssue;
  serverMessage?: string;
}

/** The message of a local issue, translated; a server message is shown as the server sent it. */
export function useIssueText() {
  const { t } = useTranslation('composer');
  return (issue: DraftIssue) => {
    const values = issue.values ?? {};
    // Raw API words (`image`, `first_frame`) read as words of the person's language.
    const words = {
      typeNoun: values.type
        ? t(`mediaNoun.${values.type}`, { defaultValue: String(values.type) })
        : undefined,
      roleName: values.role ? t(`roles.${values.role}`, { defaultValue: String(values.role) }) : undefined,
      allowedNames: values.allowed
        ? String(values.allowed)
            .split(', ')
            .map((r) => t(`roles.${r}`, { defaultValue: r }))
            .join(t('roleSeparator'))
        : undefined,
    };
    return t(`issues.${issue.code}`, { ...values, ...words });
  };
}

export function feedbackIsError(feedback: FieldFeedback | undefined): boolean {
  return !!feedback?.serverMessage || feedback?.issue?.severity === 'error';
}

/** The line under a control; its id goes into the control's aria-describedby. */
export function FieldMessage({
  id,
  feedback,
  hint,
}: {
  id: string;
  feedback?: FieldFeedback;
  hint?: ReactNode;
}) {
  const issueText = useIssueText();
  const text = feedback?.serverMessage ?? (feedback?.issue ? issueText(feedback.issue) : undefined);
  if (!text && !hint) return null;
  const warning = !feedbackIsError(feedback) && feedback?.issue?.severity === 'warning';
  // Warnings keep body-text contrast; the icon carries the colour (small amber text is too faint).
  const tone = feedbackIsError(feedback)
    ? 'text-destructive'
    : warning
      ? 'text-foreground'
      : 'text-muted-foreground';
  return (
    <p
      id={id}
      className={cn('text-xs', tone)}
      data-feedback={feedback?.serverMessage ? 'server' : feedback?.issue?.severity}
    >
      {warning && (
        <TriangleAlert aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px] text-warning" />
      )}
      {text ?? hint}
    </p>
  );
}

/** A labelled control with its message: `children` gets the ids it must carry. */
export function Field({
  id,
  label,
  feedback,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  feedback?: FieldFeedback;
  hint?: ReactNode;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const messageId = `${id}-message`;
  const hasMessage = !!(feedback?.serverMessage || feedback?.issue || hint);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': feedbackIsError(feedback) ? true : undefined,
        'aria-describedby': hasMessage ? messageId : undefined,
      })}
      <FieldMessage id={messageId} feedback={feedback} hint={hint} />
    </div>
  );
}
