import {
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
  ZoomIn,
  ZoomOut,
  RotateCcw,
} from 'lucide-react';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { resultView } from '../task-display';
import { TaskStatusBadge } from '../task-status-badge';
import { useSyncedMedia } from './use-synced-media';

export const COMPARE_MODES = ['side', 'wipe', 'difference', 'sweep'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export interface CompareColumn {
  task: TrackedTask;
  data: Task | undefined;
  /** "Variant 2 · Duration 10 s", or "Result 2" outside a batch. */
  heading: string;
  /** The varied value alone ("10 s"), for the sweep grid's axis. */
  value?: string;
  /** The varied value as a number, where it is one: the sweep grid is laid out by it. */
  order?: number;
}

interface View {
  scale: number;
  x: number;
  y: number;
}
const NO_ZOOM: View = { scale: 1, x: 0, y: 0 };
const MAX_SCALE = 8;

function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(2).padStart(5, '0')}`;
}

const IMAGE = /\.(png|jpe?g|webp|gif|avif)(\?|#|$)/i;

/**
 * The compared results in one of four modes, on one clock and one zoom: side by side; a wipe
 * between two (a slider reveals the second over the first); their difference (the second over the
 * first with `mix-blend-mode: difference`: black where the frames agree, on the current frame of
 * playing or paused video and on stills alike); a sweep grid laid out by the varied value. The
 * transport sticks to the bottom of the window, so Play is in view whatever the tiles' height.
 */
export function CompareStage({
  columns,
  mode,
  onMode,
}: {
  columns: CompareColumn[];
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
}) {
  const { t } = useTranslation('tasks');
  const sync = useSyncedMedia();
  const [muted, setMuted] = useState<Record<string, boolean>>({});
  const isMuted = (id: string, i: number) => muted[id] ?? i > 0;
  const [view, setView] = useState<View>(NO_ZOOM);
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const [wipe, setWipe] = useState(50);
  const a = Math.min(pair[0], columns.length - 1);
  const b =
    Math.min(pair[1], columns.length - 1) === a
      ? (a + 1) % columns.length
      : Math.min(pair[1], columns.length - 1);

  const zoomBy = (factor: number) =>
    setView((v) => {
      const scale = Math.min(MAX_SCALE, Math.max(1, v.scale * factor));
      return scale === 1 ? NO_ZOOM : { scale, x: v.x, y: v.y };
    });

  const media = (column: CompareColumn, i: number, className?: string, register = true): ReactNode => {
    const result = column.data ? resultView(column.data) : undefined;
    const label = t('compare.tileLabel', { n: i + 1, id: column.task.id });
    if (result?.kind !== 'media') {
      return (
        <div className="flex aspect-video items-center justify-center rounded-md bg-muted">
          <TaskStatusBadge status={column.data?.status ?? column.task.last?.status ?? 'pending'} />
        </div>
      );
    }
    if (result.media === 'image' || IMAGE.test(result.url)) {
      return (
        <img src={result.url} alt={label} className={cn('aspect-video w-full object-contain', className)} />
      );
    }
    if (result.media === 'audio') {
      return (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={register ? sync.register(column.task.id) : undefined}
          src={result.url}
          muted={isMuted(column.task.id, i)}
          preload="auto"
          aria-label={label}
          className="w-full"
        />
      );
    }
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        ref={register ? sync.register(column.task.id) : undefined}
        src={result.url}
        muted={isMuted(column.task.id, i)}
        playsInline
        preload="auto"
        aria-label={label}
        className={cn('aspect-video w-full bg-black object-contain', className)}
      />
    );
  };

  const muteButton = (column: CompareColumn, i: number) => (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-pressed={isMuted(column.task.id, i)}
      aria-label={t('compare.mute', { n: i + 1 })}
      onClick={() => setMuted((m) => ({ ...m, [column.task.id]: !isMuted(column.task.id, i) }))}
    >
      {isMuted(column.task.id, i) ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
    </Button>
  );

  const tiles = (order: number[]) => (
    <ul
      className={cn(
        'grid gap-3',
        mode === 'sweep'
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
                {mode === 'sweep' && column.value ? (
                  <span className="mr-1 rounded bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">
                    {column.value}
                  </span>
                ) : null}
                {column.heading}
              </span>
              {muteButton(column, i)}
            </div>
            <Zoomable view={view} onView={setView}>
              {media(column, i)}
            </Zoomable>
          </li>
        );
      })}
    </ul>
  );

  const overlay = (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <PairSelect
          label={t('compare.first')}
          value={a}
          columns={columns}
          onChange={(v) => setPair([v, b])}
        />
        <PairSelect
          label={t('compare.second')}
          value={b}
          columns={columns}
          onChange={(v) => setPair([a, v])}
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
          setPair([a, next]);
        }}
      >
        <Zoomable view={view} onView={setView}>
          <div className="relative">
            {media(columns[a]!, a)}
            <div
              className="absolute inset-0"
              style={mode === 'wipe' ? { clipPath: `inset(0 0 0 ${wipe}%)` } : { mixBlendMode: 'difference' }}
              data-testid="compare-second"
            >
              {media(columns[b]!, b, 'h-full')}
            </div>
            {mode === 'wipe' && (
              <div
                aria-hidden
                className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow"
                style={{ left: `${wipe}%` }}
              />
            )}
          </div>
        </Zoomable>
      </div>
      {mode === 'wipe' ? (
        <div className="flex items-center gap-2 text-sm">
          <span className="max-w-[40%] truncate">{columns[a]!.heading}</span>
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={wipe}
            onChange={(e) => setWipe(Number(e.target.value))}
            aria-label={t('compare.wipe')}
            aria-valuetext={`${wipe} %`}
            className="min-w-0 flex-1 accent-primary"
          />
          <span className="max-w-[40%] truncate text-right">{columns[b]!.heading}</span>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('compare.differenceHint')}</p>
      )}
      <p className="text-xs text-muted-foreground">{t('compare.arrowHint')}</p>
    </div>
  );

  const sweepOrder = columns
    .map((c, i) => ({ i, order: c.order }))
    .sort((x, y) => (x.order ?? x.i) - (y.order ?? y.i))
    .map((x) => x.i);

  return (
    <section aria-label={t('compare.player')} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div role="radiogroup" aria-label={t('compare.mode')} className="flex flex-wrap gap-1">
          {COMPARE_MODES.map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? 'secondary' : 'ghost'}
              size="sm"
              onClick={() => onMode(m)}
            >
              {t(`compare.modes.${m}`)}
            </Button>
          ))}
        </div>
        <div role="group" aria-label={t('compare.zoom')} className="ml-auto flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('compare.zoomOut')}
            onClick={() => zoomBy(1 / 1.5)}
            disabled={view.scale <= 1}
          >
            <ZoomOut aria-hidden />
          </Button>
          <span className="w-12 text-center font-mono text-xs tabular-nums">
            {Math.round(view.scale * 100)} %
          </span>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('compare.zoomIn')}
            onClick={() => zoomBy(1.5)}
            disabled={view.scale >= MAX_SCALE}
          >
            <ZoomIn aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('compare.zoomReset')}
            onClick={() => setView(NO_ZOOM)}
          >
            <RotateCcw aria-hidden />
          </Button>
        </div>
      </div>
      {mode === 'wipe' || mode === 'difference'
        ? overlay
        : tiles(mode === 'sweep' ? sweepOrder : columns.map((_, i) => i))}
      <div
        role="group"
        aria-label={t('compare.controls')}
        className="sticky bottom-0 z-20 -mx-4 flex items-center gap-2 border-t bg-background/95 px-4 py-2 backdrop-blur lg:-mx-8 lg:px-8"
      >
        <Button
          variant="outline"
          size="icon"
          aria-label={t('compare.frameBack')}
          onClick={() => sync.step(-1)}
        >
          <SkipBack aria-hidden />
        </Button>
        <Button
          size="icon"
          aria-label={sync.playing ? t('compare.pause') : t('compare.play')}
          onClick={sync.playing ? sync.pause : sync.play}
        >
          {sync.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('compare.frameForward')}
          onClick={() => sync.step(1)}
        >
          <SkipForward aria-hidden />
        </Button>
        <input
          type="range"
          min={0}
          max={sync.duration || 0}
          step={0.01}
          value={Math.min(sync.time, sync.duration || 0)}
          onChange={(e) => sync.seek(Number(e.target.value))}
          aria-label={t('compare.position')}
          aria-valuetext={clock(sync.time)}
          className="min-w-0 flex-1 accent-primary"
        />
        {/* On a phone the length gives way, never the time: the place in the clip is what is read. */}
        <span
          className="shrink-0 font-mono text-xs tabular-nums text-muted-foreground"
          data-testid="compare-time"
        >
          {clock(sync.time)}
          <span className="max-sm:hidden"> / {clock(sync.duration)}</span>
        </span>
      </div>
    </section>
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

/**
 * One zoom and pan for every tile: the same transform is applied to each, so the same spot of each
 * result stays side by side. The buttons zoom, a drag pans (once zoomed).
 */
function Zoomable({
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
