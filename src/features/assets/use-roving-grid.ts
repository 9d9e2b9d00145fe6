import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * Roving focus over a virtualised collection (decision 091): the whole collection is one Tab stop,
 * and arrow keys move between the controls inside it, as in the APG layout grid. Each item (a card,
 * a table row) holds `slots` controls in reading order (the open button, the readiness badge):
 * - Left / Right: the previous or next control, on to the neighbouring item at either end;
 * - Up / Down: the same control of the item one row up or down (`columns` items per row);
 * - Home / End: the first control of the first or last item.
 * The control that last had focus keeps the Tab stop, so Tab leaves the collection and Shift+Tab
 * comes back to where the person was. Controls are marked with `rovingProps(item, slot, tabbable)`.
 */
export function useRovingGrid({
  count,
  columns,
  slots,
  reveal,
  container,
}: {
  count: number;
  columns: number;
  slots: number;
  /** Brings an item into the DOM (the virtualiser scrolls its row in) before it is focused. */
  reveal: (item: number) => void;
  container: React.RefObject<HTMLElement | null>;
}) {
  const [active, setActive] = useState({ item: 0, slot: 0 });
  const item = Math.min(active.item, Math.max(0, count - 1));

  /** The slot of `index` that holds the Tab stop, or -1: a number, so memoised items stay equal. */
  const tabbableSlot = (index: number) => (index === item ? active.slot : -1);

  const position = (target: EventTarget) => {
    const data = (target as HTMLElement).dataset ?? {};
    const at = { item: Number(data.rovingItem), slot: Number(data.rovingSlot) };
    return Number.isInteger(at.item) && Number.isInteger(at.slot) ? at : undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = position(event.target);
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    const linear = from.item * slots + from.slot;
    let next: { item: number; slot: number } | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const to = linear + (event.key === 'ArrowRight' ? 1 : -1);
      next = { item: Math.floor(to / slots), slot: ((to % slots) + slots) % slots };
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      next = { item: from.item + (event.key === 'ArrowDown' ? columns : -columns), slot: from.slot };
    } else if (event.key === 'Home') next = { item: 0, slot: 0 };
    else if (event.key === 'End') next = { item: count - 1, slot: 0 };
    if (!next || next.item < 0 || next.item >= count) return;
    event.preventDefault();
    setActive(next);
    reveal(next.item);
    focusWhenRendered(container.current, next.item, next.slot);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = position(event.target);
    if (at) setActive(at);
  };

  return { tabbableSlot, onKeyDown, onFocus };
}

/** Focuses a control once the virtualiser has rendered its item (it may be scrolled in first). */
function focusWhenRendered(container: HTMLElement | null, item: number, slot: number, frames = 10) {
  const control = container?.querySelector<HTMLElement>(
    `[data-roving-item="${item}"][data-roving-slot="${slot}"]`,
  );
  if (control) control.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenRendered(container, item, slot, frames - 1));
}

export interface RovingProps {
  tabIndex: number;
  'data-roving-item': number;
  'data-roving-slot': number;
}

/** The attributes of one control: `tabbable` is the item's tabbableSlot. */
export function rovingProps(item: number, slot: number, tabbable: number): RovingProps {
  return { tabIndex: slot === tabbable ? 0 : -1, 'data-roving-item': item, 'data-roving-slot': slot };
}
