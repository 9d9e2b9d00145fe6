import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Asset } from '@/api/assets';

export interface AssetSelection {
  /** The chosen assets in the order they were chosen; kept across pages until cleared. */
  selected: readonly Asset[];
  isSelected: (id: string) => boolean;
  /** A click on an item's checkbox; with Shift, everything between it and the last click takes its new state. */
  toggle: (index: number, shift: boolean) => void;
  selectAll: (assets: readonly Asset[]) => void;
  clear: () => void;
}

/**
 * Multi-select over the library's slots, as file managers do it: a click toggles one item and sets
 * the anchor; Shift+click sets every loaded item from the anchor to it to the clicked item's new
 * state; Esc clears (when no dialog or sheet is open, so Esc there still closes only that).
 */
export function useAssetSelection(getAsset: (index: number) => Asset | undefined): AssetSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, Asset>>(new Map());
  const anchor = useRef<number | undefined>(undefined);
  // Read through a ref: the list hands a new getter each render, and a changing toggle would
  // re-render every memoised card while scrolling.
  const getter = useRef(getAsset);
  useLayoutEffect(() => {
    getter.current = getAsset;
  });

  const toggle = useCallback((index: number, shift: boolean) => {
    const getAsset = getter.current;
    const asset = getAsset(index);
    if (!asset) return;
    setChosen((current) => {
      const next = new Map(current);
      const on = !current.has(asset.id);
      const from = shift && anchor.current !== undefined ? Math.min(anchor.current, index) : index;
      const to = shift && anchor.current !== undefined ? Math.max(anchor.current, index) : index;
      for (let i = from; i <= to; i++) {
        const item = getAsset(i);
        if (!item || item.unreadable) continue;
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
    anchor.current = index;
  }, []);

  const selectAll = useCallback((assets: readonly Asset[]) => {
    setChosen((current) => {
      const next = new Map(current);
      for (const asset of assets) if (!asset.unreadable) next.set(asset.id, asset);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    anchor.current = undefined;
    setChosen(new Map());
  }, []);

  const any = chosen.size > 0;
  useEffect(() => {
    if (!any) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [any, clear]);

  return useMemo(
    () => ({
      selected: [...chosen.values()],
      isSelected: (id: string) => chosen.has(id),
      toggle,
      selectAll,
      clear,
    }),
    [chosen, toggle, selectAll, clear],
  );
}
