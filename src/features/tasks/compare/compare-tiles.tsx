import { cn } from '@/lib/cn';
import type { CompareColumn } from './compare-column';
import { ColumnMedia, MuteButton, type StageControls } from './compare-media';
import { Zoomable } from './zoomable';

/** The results as tiles in `order`, each with its heading and mute, on one zoom. */
function Tiles({
  columns,
  order,
  controls,
  sweep,
}: {
  columns: CompareColumn[];
  order: number[];
  controls: StageControls;
  /** The sweep grid's layout, each heading led by its varied value. */
  sweep?: boolean;
}) {
  return (
    <ul
      className={cn(
        'grid gap-3',
        sweep
          ? 'grid-cols-1 sm:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]'
          : 'grid-cols-1 sm:grid-cols-2',
      )}
    >
      {order.map((i) => {
        const column = columns[i]!;
        return (
          <li key={column.task.id} className="min-w-0 space-y-1 rounded-lg border p-2" data-column={i + 1}>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate font-medium" title={column.task.prompt}>
                {sweep && column.value ? (
                  <span className="mr-1 rounded bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">
                    {column.value}
                  </span>
                ) : null}
                {column.heading}
              </span>
              <MuteButton column={column} index={i} controls={controls} />
            </div>
            <Zoomable view={controls.view} onView={controls.onView}>
              <ColumnMedia column={column} index={i} controls={controls} />
            </Zoomable>
          </li>
        );
      })}
    </ul>
  );
}

/** Side by side: the results in the order they were picked. */
export function SideBySideMode({ columns, controls }: { columns: CompareColumn[]; controls: StageControls }) {
  return <Tiles columns={columns} order={columns.map((_, i) => i)} controls={controls} />;
}

/** The sweep grid: laid out by the varied value where it is a number, else in the picked order. */
export function SweepMode({ columns, controls }: { columns: CompareColumn[]; controls: StageControls }) {
  const order = columns
    .map((c, i) => ({ i, order: c.order }))
    .sort((x, y) => (x.order ?? x.i) - (y.order ?? y.i))
    .map((x) => x.i);
  return <Tiles columns={columns} order={order} controls={controls} sweep />;
}
