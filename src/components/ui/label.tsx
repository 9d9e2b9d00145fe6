import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A plain <label>: associate it with `htmlFor` (or wrap the control) so getByLabel finds it. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or children
    <label
      className={cn(
        'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
}
