import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const inputClasses =
  'flex rounded-md border border-input bg-background px-3 py-1 shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium';

const TEXT = { default: 'text-sm', mono: 'font-mono text-sm', code: 'font-mono text-xs' } as const;

export interface InputProps extends ComponentProps<'input'> {
  /** `sm` is the 32 px height of small buttons (a toolbar's search). */
  controlSize?: 'default' | 'sm';
  /** `mono` for ids and URLs; `code` for long ones (smaller). */
  text?: keyof typeof TEXT;
  /** False when className gives the width (the default fills its container). */
  fill?: boolean;
}

/** className is for placement only: height, width and type come from the props above. */
export function Input({
  className,
  type = 'text',
  controlSize = 'default',
  text = 'default',
  fill = true,
  ...props
}: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        inputClasses,
        controlSize === 'sm' ? 'h-8' : 'h-9',
        TEXT[text],
        fill && 'w-full',
        className,
      )}
      {...props}
    />
  );
}
