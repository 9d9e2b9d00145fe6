import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** With a `label` it is announced (role="status"); without one it is decoration beside visible text. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
