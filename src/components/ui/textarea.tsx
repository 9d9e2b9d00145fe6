import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** className is for placement only: the minimum height and type come from the props. */
export function Textarea({
  className,
  minHeight = 'default',
  code = false,
  ...props
}: ComponentProps<'textarea'> & {
  /** `sm` for several short inputs stacked in a list. */
  minHeight?: 'default' | 'sm';
  /** Monospace, smaller: JSON or code. */
  code?: boolean;
}) {
  return (
    <textarea
      className={cn(
        'flex w-full rounded-md border border-input bg-background px-3 py-2 shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        minHeight === 'sm' ? 'min-h-14' : 'min-h-20',
        code ? 'font-mono text-xs' : 'text-sm',
        className,
      )}
      {...props}
    />
  );
}
