import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder shape while data loads; hidden from assistive tech (announce loading elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
