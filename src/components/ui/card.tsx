import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-lg border bg-card text-card-foreground shadow-xs', className)} {...props} />
  );
}

/** `row`: title and actions side by side (wrapping on narrow screens) instead of stacked. */
export function CardHeader({ className, row = false, ...props }: ComponentProps<'div'> & { row?: boolean }) {
  return (
    <div
      className={cn(
        'flex p-5',
        row ? 'flex-row flex-wrap items-center justify-between gap-2' : 'flex-col gap-1.5',
        className,
      )}
      {...props}
    />
  );
}

/** A heading (h2 by default) so cards form part of the page outline. */
export function CardTitle({ className, children, ...props }: ComponentProps<'h2'>) {
  return (
    <h2 className={cn('text-base font-semibold leading-none', className)} {...props}>
      {children}
    </h2>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** `standalone`: no CardHeader above, so padded on top as well. */
export function CardContent({
  className,
  standalone = false,
  ...props
}: ComponentProps<'div'> & { standalone?: boolean }) {
  return <div className={cn(standalone ? 'p-5' : 'p-5 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-2 p-5 pt-0', className)} {...props} />;
}
