import { cn } from '@/lib/cn';

/**
 * The aliases offered after `@`, as the listbox of an ARIA 1.2 combobox: focus stays in the
 * textarea (aria-activedescendant names the active option); the mouse may still pick one.
 */
export function AliasSuggestionList({
  id,
  label,
  open,
  options,
  activeIndex,
  optionId,
  position,
  onAccept,
}: {
  id: string;
  label: string;
  open: boolean;
  options: string[];
  activeIndex: number;
  optionId: (index: number) => string;
  position: { top: number; left: number };
  onAccept: (alias: string) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      hidden={!open}
      style={position}
      className="absolute z-20 max-h-60 min-w-44 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {open &&
        options.map((alias, i) => (
          // Focus stays in the textarea (aria-activedescendant); the mouse may still pick.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={alias}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onAccept(alias)}
            className={cn(
              'cursor-pointer rounded-sm px-2 py-1.5 font-mono text-sm',
              i === activeIndex && 'bg-accent text-accent-foreground',
            )}
          >
            @{alias}
          </li>
        ))}
    </ul>
  );
}
