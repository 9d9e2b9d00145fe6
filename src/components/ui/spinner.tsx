import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** With a `label` it is announced (role="status"); without one it is decoration beside visible text. */
export function Spinner({
  className,
  label,
  size = 'default',
}: {
  className?: string;
  label?: string;
  /** `lg` for a spinner standing alone (a page or dialog loading); className must not set a size. */
  size?: 'default' | 'lg';
}) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={cn('animate-spin', size === 'lg' ? 'size-6' : 'size-4', className)}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
