import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { FormIssue } from './validation';

/** What a field shows under it: a server refusal as sent, else the first local issue, translated. */
export interface Feedback {
  issue?: FormIssue;
  serverMessage?: string;
}

export function useIssueText() {
  const { t } = useTranslation('task-forms');
  return (issue: FormIssue) => t(`issues.${issue.code}`, issue.values ?? {});
}

export function FieldMessage({ id, feedback, hint }: { id: string; feedback?: Feedback; hint?: ReactNode }) {
  const issueText = useIssueText();
  const text = feedback?.serverMessage ?? (feedback?.issue ? issueText(feedback.issue) : undefined);
  if (!text && !hint) return null;
  return (
    <p
      id={id}
      className={cn('text-xs', text ? 'text-destructive' : 'text-muted-foreground')}
      data-feedback={feedback?.serverMessage ? 'server' : feedback?.issue ? 'error' : undefined}
    >
      {text ?? hint}
    </p>
  );
}

/** The ids and state a control of a field carries. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function controlProps(id: string, feedback: Feedback | undefined, hasHint: boolean): ControlProps {
  const invalid = !!(feedback?.serverMessage || feedback?.issue);
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid || hasHint ? `${id}-message` : undefined,
  };
}

/** A labelled control with its message line under it. */
export function FormField({
  id,
  label,
  feedback,
  hint,
  aside,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  feedback?: Feedback;
  hint?: ReactNode;
  /** Shown at the end of the label line (a counter, a badge). */
  aside?: ReactNode;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children(controlProps(id, feedback, !!hint))}
      <FieldMessage id={`${id}-message`} feedback={feedback} hint={hint} />
    </div>
  );
}

/** `12/200`, hidden from screen readers (the limit is announced as an issue when crossed). */
export function Counter({ value, max }: { value: string; max: number }) {
  const length = [...value].length;
  return (
    <span
      className={cn('text-xs tabular-nums', length > max ? 'text-destructive' : 'text-muted-foreground')}
      aria-hidden="true"
    >
      {length}/{max}
    </span>
  );
}
