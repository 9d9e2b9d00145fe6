import { useRef, type PointerEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface View {
  scale: number;
  x: number;
  y: number;
}
export const NO_ZOOM: View = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 8;

/**
 * One zoom and pan for every tile: the same transform is applied to each, so the same spot of each
 * result stays side by side. The buttons zoom, a drag pans (once zoomed).
 */
export function Zoomable({
  view,
  onView,
  children,
}: {
  view: View;
  onView: (v: View) => void;
  children: ReactNode;
}) {
  const drag = useRef<{ x: number; y: number; from: View } | undefined>(undefined);
  const onPointerDown = (e: PointerEvent) => {
    if (view.scale === 1) return;
    drag.current = { x: e.clientX, y: e.clientY, from: view };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    // In percent of the tile, so tiles of different widths pan alike.
    onView({
      scale: d.from.scale,
      x: d.from.x + ((e.clientX - d.x) / box.width) * 100,
      y: d.from.y + ((e.clientY - d.y) / box.height) * 100,
    });
  };
  return (
    <div
      className={cn('overflow-hidden rounded-md', view.scale > 1 && 'cursor-grab touch-none')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = undefined)}
      onPointerCancel={() => (drag.current = undefined)}
    >
      <div
        style={{
          transform: `translate(${view.x}%, ${view.y}%) scale(${view.scale})`,
          transformOrigin: 'center',
        }}
      >
        {children}
      </div>
    </div>
  );
}
