import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { memo, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { taskQueryOptions } from '@/api/tasks';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { formatDateMs } from '@/lib/format-date';
import { TaskCost } from '@/components/money/task-cost';
import { StarRating } from '../ratings/rating-control';
import type { VariantInfo } from '../task-batches';
import { resultView, statusDisplay } from '../task-display';
import { useVariantWords } from '../variant-label';
import { AudioPreview, ImagePreview, TileFrame, VideoPreview } from './result-media';

/** A succeeded task's result is read once (terminal tasks are never fetched again). */
function useResult(task: TrackedTask) {
  // No polling from a tile: the shell's watcher polls unfinished tasks (decision 180).
  return useQuery({ ...taskQueryOptions(task.id, useTaskRegistry()), refetchInterval: false });
}

function TileBody({ task, playing }: { task: TrackedTask; playing: boolean }) {
  const display = statusDisplay(task.last?.status ?? 'pending');
  return display.status === 'succeeded' ? (
    <ResultBody task={task} playing={playing} />
  ) : (
    <StateBody task={task} armed />
  );
}

/** A succeeded task's picture: its result, read once. */
function ResultBody({ task, playing }: { task: TrackedTask; playing: boolean }) {
  const { t } = useTranslation('tasks');
  const { data, isError } = useResult(task);
  const label = t('gallery.resultLabel', { id: task.id });
  const view = data ? resultView(data) : undefined;
  if (view?.kind === 'media') {
    if (view.media === 'image') return <ImagePreview url={view.url} label={label} />;
    return view.media === 'video' ? (
      <VideoPreview url={view.url} label={label} playing={playing} />
    ) : (
      <AudioPreview url={view.url} label={label} />
    );
  }
  if (isError || view) return <StateTile tone="muted" text={t('gallery.noResult')} />;
  return <StateTile tone="muted" text={t('gallery.loading')} busy />;
}

/**
 * Any other state written across the picture; a succeeded task's before its tile is armed. No
 * query observer here: a fling past 10,000 tiles made (and kept for 5 minutes) one per tile.
 */
function StateBody({ task, armed }: { task: TrackedTask; armed: boolean }) {
  const { t } = useTranslation('tasks');
  const display = statusDisplay(task.last?.status ?? 'pending');
  if (display.status === 'succeeded') return <StateTile tone="muted" text={t('gallery.loading')} />;
  if (display.active || display.status === 'unknown') {
    const progress = typeof task.last?.progress === 'number' ? Math.round(task.last.progress) : undefined;
    return (
      <StateTile
        tone="running"
        busy={display.active && armed}
        text={
          progress !== undefined
            ? t('gallery.runningProgress', { progress })
            : t(`gallery.state.${display.group}`)
        }
      />
    );
  }
  return <StateTile tone="failed" text={t(`gallery.state.${display.group}`)} />;
}

function StateTile({
  text,
  tone,
  busy,
}: {
  text: string;
  tone: 'muted' | 'running' | 'failed';
  busy?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex size-full flex-col items-center justify-center gap-2 p-2 text-center text-sm font-medium',
        tone === 'failed' && 'bg-destructive/10',
        tone === 'running' && 'bg-warning/10',
      )}
    >
      {busy ? (
        <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      ) : tone === 'failed' ? (
        <AlertTriangle aria-hidden="true" className="size-5 text-destructive" />
      ) : null}
      <span>{text}</span>
    </div>
  );
}

export interface GalleryTileProps {
  task: TrackedTask;
  onOpen: (id: string) => void;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  selectDisabled: boolean;
  /** The grid is not being scrolled: a tile that came into view may load its result. */
  settled: boolean;
  /** Its place in a batch of variations: the value that tells it from its siblings. */
  variant?: VariantInfo;
}

/** One result: hover or focus plays a video preview; a click opens it in the lightbox. */
export const GalleryTile = memo(function GalleryTile({
  task,
  onOpen,
  selected,
  onSelect,
  selectDisabled,
  settled,
  variant,
}: GalleryTileProps) {
  const { t, i18n } = useTranslation('tasks');
  const words = useVariantWords();
  const state = statusDisplay(task.last?.status ?? 'pending');
  // Once armed a tile keeps its media: scrolling again does not take it away.
  const [armed, setArmed] = useState(settled);
  if (settled && !armed) setArmed(true);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const title = task.prompt?.trim() || task.id;
  if (!armed) {
    // Mid-fling a tile is its picture's state and its title: the checkbox, the stars, the date
    // and the cost come once the scroll settles. Styling and laying out those for every tile
    // flying past cost a frame in ten (decision 600).
    return (
      <div className="flex h-full flex-col gap-1 rounded-lg border bg-card p-2" data-task-id={task.id}>
        <TileFrame>
          <StateBody task={task} armed={false} />
        </TileFrame>
        <p className="truncate text-sm" data-testid="tile-placeholder">
          {title}
        </p>
      </div>
    );
  }
  return (
    <div
      className="flex h-full flex-col gap-1 rounded-lg border bg-card p-2"
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={() => setFocus(false)}
      data-task-id={task.id}
    >
      <TileFrame>
        <TileBody task={task} playing={hover || focus} />
      </TileFrame>
      <div className="flex min-w-0 items-center gap-2">
        <Checkbox
          checked={selected}
          disabled={selectDisabled && !selected}
          onCheckedChange={(v) => onSelect(task.id, v === true)}
          aria-label={t('gallery.select', { title })}
        />
        <button
          type="button"
          onClick={() => onOpen(task.id)}
          className="min-w-0 flex-1 truncate rounded-sm text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          title={title}
          aria-label={t('gallery.open', { title })}
        >
          {title}
        </button>
      </div>
      <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        {variant?.field && variant.value ? (
          <span
            className="shrink-0 rounded bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground"
            title={words.param(variant.field, variant.value)}
            data-testid="tile-variant"
          >
            {words.value(variant.field, variant.value)}
          </span>
        ) : null}
        {/* Any other state is written across the tile's picture already: not said twice. */}
        {state.status === 'succeeded' && (
          <>
            <span className="shrink-0 font-medium">{t('gallery.state.succeeded')}</span>
            <span aria-hidden>·</span>
          </>
        )}
        <time className="truncate" dateTime={new Date(task.createdAt).toISOString()}>
          {formatDateMs(task.createdAt, i18n.language)}
        </time>
      </p>
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="flex min-w-0 items-baseline gap-1.5 text-xs text-muted-foreground">
          <span className="truncate">{task.model ?? task.kind}</span>
          <TaskCost task={task} className="shrink-0 tabular-nums" />
        </span>
        <StarRating taskId={task.id} />
      </div>
    </div>
  );
});
