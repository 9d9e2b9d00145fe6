import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** What a field's control gets: its id and how it announces a problem or a hint. */
export interface FieldProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface RegisterFieldProps {
  id: string;
  label: string;
  control: (props: FieldProps) => ReactNode;
  /** A problem with the value: replaces the hint, marks the control invalid, and is announced. */
  error?: string;
  hint?: string;
}

/** A labelled control with its error or hint below it, tied to it by aria-describedby. */
export function RegisterField({ id, label, control, error, hint }: RegisterFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
