import { useLayoutEffect, useState } from 'react';

/**
 * Distance from the top of the document to the element: the window virtualizer's scroll margin.
 * Measured again whenever the page's size changes.
 */
export function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    // Whatever above the library changes height (an error, the drop zone) changes the body's.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return offset;
}
