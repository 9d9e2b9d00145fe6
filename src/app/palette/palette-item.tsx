import { Command } from 'cmdk';
import type { ReactNode } from 'react';

/*
 * Every item's `value` is its visible label (cmdk filters on it, so what a person reads is what
 * they can type); `keywords` add the English words, so `theme dark` works in Chinese too.
 */

export function Item({
  value,
  keywords,
  onSelect,
  icon,
  children,
}: {
  value: string;
  keywords?: string[];
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      keywords={keywords}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </Command.Item>
  );
}

export const GROUP_HEADING =
  'px-1 py-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * Words, not letters: every word typed must appear in the item's label or keywords ("theme dark",
 * "new group", an asset's name). cmdk's default fuzzy match lets a few letters anywhere match, so
 * "English" would also find "New digital-human task" and could outrank the language item. The
 * whole search found as it is in the label ranks first.
 */
export function paletteFilter(value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLowerCase();
  if (!needle) return 1;
  const label = value.toLowerCase();
  if (label.includes(needle)) return 1;
  const haystack = `${label} ${(keywords ?? []).join(' ').toLowerCase()}`;
  return needle.split(/\s+/).every((word) => haystack.includes(word)) ? 0.8 : 0;
}
