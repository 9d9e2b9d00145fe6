import type { CSSProperties, ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import type { CompareColumn } from './compare-column';
import { ColumnMedia, type StageControls } from './compare-media';
import { Zoomable } from './zoomable';

export interface OverlayProps {
  columns: CompareColumn[];
  controls: StageControls;
  /** The first and second result, by column index; kept by the stage across the two overlay modes. */
  pair: [number, number];
  onPair: (pair: [number, number]) => void;
}

/** The pair as shown: the second never the first, both within the columns. */
export function shownPair(pair: [number, number], count: number): [number, number] {
  const a = Math.min(pair[0], count - 1);
  const b = Math.min(pair[1], count - 1);
  return [a, b === a ? (a + 1) % count : b];
}

/**
 * Two results one over the other (wipe, difference): the pair picked above, the second layered
 * over the first as `secondStyle` says, arrow keys stepping the second side through the others.
 */
export function Overlay({
  columns,
  controls,
  pair,
  onPair,
  mode,
  secondStyle,
  over,
  below,
}: OverlayProps & {
  mode: 'wipe' | 'difference';
  secondStyle: CSSProperties;
  /** Drawn over both layers (the wipe's line). */
  over?: ReactNode;
  /** Under the picture: the mode's own control or hint. */
  below: ReactNode;
}) {
  const { t } = useTranslation('tasks');
  const [a, b] = shownPair(pair, columns.length);
  return (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <PairSelect label={t('compare.first')} value={a} columns={columns} onChange={(v) => onPair([v, b])} />
        <PairSelect
          label={t('compare.second')}
          value={b}
          columns={columns}
          onChange={(v) => onPair([a, v])}
        />
      </div>
      {/* Arrow keys step the second side through the other results (as image viewers do). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className="relative overflow-hidden rounded-lg border bg-black"
        data-testid={`compare-${mode}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-label={t('compare.overlayLabel', { a: columns[a]!.heading, b: columns[b]!.heading })}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
          e.preventDefault();
          const step = e.key === 'ArrowRight' ? 1 : -1;
          let next = b;
          do next = (next + step + columns.length) % columns.length;
          while (next === a);
          onPair([a, next]);
        }}
      >
        <Zoomable view={controls.view} onView={controls.onView}>
          <div className="relative">
            <ColumnMedia column={columns[a]!} index={a} controls={controls} />
            <div className="absolute inset-0" style={secondStyle} data-testid="compare-second">
              <ColumnMedia column={columns[b]!} index={b} controls={controls} className="h-full" />
            </div>
            {over}
          </div>
        </Zoomable>
      </div>
      {below}
      <p className="text-xs text-muted-foreground">{t('compare.arrowHint')}</p>
    </div>
  );
}

function PairSelect({
  label,
  value,
  columns,
  onChange,
}: {
  label: string;
  value: number;
  columns: CompareColumn[];
  onChange: (value: number) => void;
}) {
  const id = `compare-pair-${label}`;
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {columns.map((c, i) => (
          <option key={c.task.id} value={i}>
            {c.heading}
          </option>
        ))}
      </Select>
    </div>
  );
}
