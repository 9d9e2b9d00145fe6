import { useLayoutEffect, useState, type RefObject } from 'react';

/** The content width of an element, kept current with a ResizeObserver (grid columns follow it). */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 1024): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || fallback);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
