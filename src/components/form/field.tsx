import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { FieldFeedback } from '@/lib/form/issues';
import { useIssueText } from './issue-text';

export function feedbackIsError(feedback: FieldFeedback | undefined): boolean {
  return !!feedback?.serverMessage || (!!feedback?.issue && feedback.issue.severity !== 'warning');
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
  const error = feedbackIsError(feedback);
  const warning = !error && feedback?.issue?.severity === 'warning';
  // Warnings keep body-text contrast; the icon carries the colour (small amber text is too faint).
  const tone = error ? 'text-destructive' : warning ? 'text-foreground' : 'text-muted-foreground';
  return (
    <p
      id={id}
      className={cn('text-xs', tone)}
      data-feedback={
        feedback?.serverMessage
          ? 'server'
          : feedback?.issue
            ? (feedback.issue.severity ?? 'error')
            : undefined
      }
    >
      {warning && (
        <TriangleAlert aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px] text-warning" />
      )}
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

export function controlProps(
  id: string,
  feedback: FieldFeedback | undefined,
  hasHint: boolean,
): ControlProps {
  const hasMessage = !!(feedback?.serverMessage || feedback?.issue || hasHint);
  return {
    id,
    'aria-invalid': feedbackIsError(feedback) ? true : undefined,
    'aria-describedby': hasMessage ? `${id}-message` : undefined,
  };
}

/** A labelled control with its message line under it: `children` gets the ids it must carry. */
export function Field({
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
  feedback?: FieldFeedback;
  hint?: ReactNode;
  /** Shown at the end of the label line (a counter, a badge). */
  aside?: ReactNode;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const labelEl = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelEl}
          {aside}
        </div>
      ) : (
        labelEl
      )}
      {children(controlProps(id, feedback, !!hint))}
      <FieldMessage id={`${id}-message`} feedback={feedback} hint={hint} />
    </div>
  );
}

/**
 * `12/200`, hidden from screen readers (the limit is announced as an issue when crossed); without
 * `max`, the length alone: a field the page does not limit because only a deployment knows its bound.
 */
export function Counter({ value, max }: { value: string; max?: number }) {
  const length = [...value].length;
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        max !== undefined && length > max ? 'text-destructive' : 'text-muted-foreground',
      )}
      aria-hidden="true"
    >
      {max === undefined ? length : `${length}/${max}`}
    </span>
  );
}
