import { cn } from '@/lib/cn';

/** Pretty-printed JSON as plain text (never HTML), scrollable, selectable for copying. */
const MAX_HEIGHT = { sm: 'max-h-72', default: 'max-h-96', lg: 'max-h-[28rem]' } as const;

export function JsonView({
  value,
  className,
  label,
  maxHeight = 'default',
  wrap = false,
}: {
  value: unknown;
  /** Placement only: height and wrapping come from the props below. */
  className?: string;
  label?: string;
  maxHeight?: keyof typeof MAX_HEIGHT;
  /** Wrap long lines (and long strings anywhere) instead of scrolling sideways. */
  wrap?: boolean;
}) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return (
    <pre
      aria-label={label}
      // Scrollable regions must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        'overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        MAX_HEIGHT[maxHeight],
        wrap ? 'whitespace-pre-wrap break-all' : 'whitespace-pre',
        className,
      )}
    >
      {text}
    </pre>
  );
}
