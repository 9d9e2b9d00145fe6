import { cn } from '@/lib/cn';

/** Pretty-printed JSON as plain text (never HTML), scrollable, selectable for copying. */
export function JsonView({
  value,
  className,
  label,
}: {
  value: unknown;
  className?: string;
  label?: string;
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
        'max-h-96 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed whitespace-pre focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {text}
    </pre>
  );
}
