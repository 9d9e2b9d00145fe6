import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import type { VariantInfo } from '../task-batches';
import { GalleryTile } from './gallery-tile';

const MIN_TILE_WIDTH = 220;
const GAP = 12;
/** Around a tile's 16:9 picture, across: its padding (p-2) and border, both sides. */
const TILE_FRAME_INSET = 18;
/**
 * Below and around the picture: the title (20 px), state and date (16), model and stars (20), the
 * three gaps between them and the picture (gap-1), the padding and the border (gallery-tile.tsx).
 */
const TILE_INFO_HEIGHT = 20 + 16 + 20 + 3 * 4 + 16 + 2;

/** A row as tall as its tiles: a 16:9 picture as wide as the tile, and the lines under it. */
function rowHeightFor(tileWidth: number): number {
  return Math.ceil((Math.max(0, tileWidth - TILE_FRAME_INSET) * 9) / 16) + TILE_INFO_HEIGHT;
}

interface GalleryGridProps {
  tasks: readonly TrackedTask[];
  onOpen: (id: string) => void;
  selected: readonly string[];
  onSelect: (id: string, selected: boolean) => void;
  maxSelected: number;
  variants: ReadonlyMap<string, VariantInfo>;
}

/**
 * Rows of tiles, virtualised by row: 10,000 tasks cost the DOM of a screenful, and a tile reads its
 * result only once it is on screen with the scroll settled.
 */
export function GalleryGrid({ tasks, onOpen, selected, onSelect, maxSelected, variants }: GalleryGridProps) {
  const { t } = useTranslation('tasks');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(3);
  // Rows follow the tiles' width: a fixed height left a band of empty card under three columns and
  // clipped the stars of one wide column (a 450 px window).
  const [rowHeight, setRowHeight] = useState(() => rowHeightFor(MIN_TILE_WIDTH));
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      const count = Math.max(1, Math.floor((el.clientWidth + GAP) / (MIN_TILE_WIDTH + GAP)));
      setColumns(count);
      setRowHeight(rowHeightFor((el.clientWidth - (count - 1) * GAP) / count));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(tasks.length / columns);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight + GAP,
    overscan: 2,
    initialRect: { width: 900, height: 800 },
    useFlushSync: false,
  });
  // Sizes already laid out were estimated with the old height.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const full = selected.length >= maxSelected;
  // Tiles that come into view during a fling wait for it to settle before they read their task and
  // mount a <video> (decoder, network): 10,000 tiles flying past at 120 px a frame cost frames.
  const settled = !virtualizer.isScrolling;
  // An opaque background and the scroll-position hint, so that Chromium may scroll the grid on the
  // compositor: with them the page's main-thread paint and layout time fell by a third (decision 600).
  return (
    <div
      ref={scrollRef}
      className="h-[calc(100vh-16rem)] min-h-96 overflow-auto bg-background [will-change:scroll-position]"
      data-testid="gallery-scroll"
    >
      <ul aria-label={t('gallery.label')} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().flatMap((row) =>
          tasks.slice(row.index * columns, row.index * columns + columns).map((task, col) => (
            <li
              key={task.id}
              // Fixed size: the browser lays out and paints each tile on its own.
              className="absolute top-0 [contain:strict]"
              style={{
                height: rowHeight,
                width: `calc((100% - ${(columns - 1) * GAP}px) / ${columns})`,
                left: `calc(${col} * ((100% - ${(columns - 1) * GAP}px) / ${columns} + ${GAP}px))`,
                transform: `translateY(${row.start}px)`,
              }}
              aria-setsize={tasks.length}
              aria-posinset={row.index * columns + col + 1}
            >
              <GalleryTile
                task={task}
                onOpen={onOpen}
                selected={selected.includes(task.id)}
                onSelect={onSelect}
                selectDisabled={full}
                settled={settled}
                variant={variants.get(task.id)}
              />
            </li>
          )),
        )}
      </ul>
    </div>
  );
}
