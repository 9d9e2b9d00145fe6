import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A plain <label>: associate it with `htmlFor` (or wrap the control) so getByLabel finds it. */
export function Label({
  className,
  weight = 'medium',
  ...props
}: ComponentProps<'label'> & {
  /** `normal` for a label that reads as a sentence (a checkbox's), not a field's name. */
  weight?: 'medium' | 'normal';
}) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or children
    <label
      className={cn(
        'text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        weight === 'normal' ? 'font-normal' : 'font-medium',
        className,
      )}
      {...props}
    />
  );
}
