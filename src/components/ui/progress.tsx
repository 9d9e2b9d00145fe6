import { cn } from '@/lib/cn';

export interface ProgressProps {
  /** 0..100; undefined shows an indeterminate bar. */
  value?: number;
  /** Accessible name, e.g. "Uploading clip.mp4". */
  label: string;
  /** `compact`: a short thin bar beside text; `strip`: a square hairline along an edge. */
  size?: keyof typeof TRACK;
  /** Placement only: the track's height, width and rounding come from `size`. */
  className?: string;
}

const TRACK = {
  default: 'h-2 w-full rounded-full',
  compact: 'h-1.5 w-24 rounded-full',
  strip: 'h-1 w-full rounded-none',
} as const;

export function Progress({ value, label, size = 'default', className }: ProgressProps) {
  const clamped = value === undefined ? undefined : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped === undefined ? undefined : Math.round(clamped)}
      className={cn('relative overflow-hidden bg-muted', TRACK[size], className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300',
          clamped === undefined && 'w-1/3 animate-pulse',
        )}
        style={clamped === undefined ? undefined : { width: `${clamped}%` }}
      />
    </div>
  );
}
