import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/*
 * Requests side by side, field by field: Compare's tasks (features/tasks/compare) and the prompt
 * library's versions (features/templates) show their differences with these, found by one function
 * (lib/request-diff.ts's requestDifferences).
 */

const MARK = 'size-4 shrink-0 text-amber-600 dark:text-amber-400';

/** "1 field differs: Duration", or that the requests are the same: the answer before the table. */
export function DifferenceSummary({
  differs,
  children,
  live = false,
  testId,
}: {
  differs: boolean;
  children: ReactNode;
  /** Announced as it changes (the versions compared are picked on the same card). */
  live?: boolean;
  testId: string;
}) {
  return (
    <p
      role={live ? 'status' : undefined}
      className={cn(
        'flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold',
        differs && 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
      )}
      data-testid={testId}
    >
      {differs && <CircleAlert aria-hidden className={MARK} />}
      {children}
    </p>
  );
}

export interface DifferenceRow {
  key: string;
  label: ReactNode;
  differs: boolean;
  /** One per column. */
  cells: ReactNode[];
  cellClassName?: string;
}

/** The table: a row per field, the differing ones unmistakable in either theme (a band, a bar, bold). */
export function DifferenceTable({
  columns,
  rows,
  fieldHeading,
  differsLabel,
  labelClassName,
  minWidthClassName,
}: {
  columns: Array<{ key: string; heading: ReactNode; title?: string }>;
  rows: DifferenceRow[];
  fieldHeading: string;
  /** Said after a differing field's name to a screen reader: "(differs)". */
  differsLabel: string;
  labelClassName?: string;
  /** The table's least width (scrolled sideways below it); two columns of values may fit a phone. */
  minWidthClassName?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className={cn('w-full text-sm', minWidthClassName ?? 'min-w-[32rem]')}>
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            <th scope="col" className="p-2">
              {fieldHeading}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="p-2 font-medium" title={c.title}>
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-differs={row.differs ? 'true' : 'false'}
              className={cn(
                'border-b align-top last:border-b-0',
                row.differs &&
                  'border-l-4 border-l-amber-500 bg-amber-100 font-semibold dark:bg-amber-900/40',
              )}
            >
              <th scope="row" className={cn('p-2 text-left font-medium', labelClassName)}>
                <span className="flex items-center gap-1">
                  {row.differs && <CircleAlert aria-hidden className={MARK} />}
                  {row.label}
                  {row.differs && <span className="sr-only"> ({differsLabel})</span>}
                </span>
              </th>
              {row.cells.map((cell, i) => (
                <td key={columns[i]?.key ?? i} className={cn('p-2', row.cellClassName)} data-field={row.key}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
