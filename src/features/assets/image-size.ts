import { useSyncExternalStore } from 'react';

/**
 * Pixel sizes of images the library has loaded, by URL. The API has no width or height for an
 * asset; the preview learns them when it loads, and the card shows them from then on (recycled
 * cards of the virtual grid included).
 */
const sizes = new Map<string, { width: number; height: number }>();
const listeners = new Set<() => void>();

export function recordImageSize(url: string, width: number, height: number) {
  if (!url || width <= 0 || height <= 0 || sizes.get(url)?.width === width) return;
  sizes.set(url, { width, height });
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "1920×1080" once the image at `url` has loaded somewhere in the page; undefined before. */
export function useImageSize(url: string | undefined): string | undefined {
  return useSyncExternalStore(subscribe, () => {
    const size = url ? sizes.get(url) : undefined;
    return size ? `${size.width}×${size.height}` : undefined;
  });
}
