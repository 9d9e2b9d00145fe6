import { Volume2, VolumeX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { resultView } from '../task-display';
import { TaskStatusBadge } from '../task-status-badge';
import type { CompareColumn } from './compare-column';
import type { useSyncedMedia } from './use-synced-media';
import type { View } from './zoomable';

const IMAGE = /\.(png|jpe?g|webp|gif|avif)(\?|#|$)/i;

/** What every mode shares: one clock, the mutes, one zoom. */
export interface StageControls {
  sync: ReturnType<typeof useSyncedMedia>;
  isMuted: (id: string, index: number) => boolean;
  toggleMute: (id: string, index: number) => void;
  view: View;
  onView: (view: View) => void;
}

/** One column's result: a still, or a video or audio element on the stage's clock. */
export function ColumnMedia({
  column,
  index,
  controls,
  className,
}: {
  column: CompareColumn;
  index: number;
  controls: StageControls;
  className?: string;
}) {
  const { t } = useTranslation('tasks');
  const result = column.data ? resultView(column.data) : undefined;
  const label = t('compare.tileLabel', { n: index + 1, id: column.task.id });
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
  const muted = controls.isMuted(column.task.id, index);
  if (result.media === 'audio') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <audio
        ref={controls.sync.register(column.task.id)}
        src={result.url}
        muted={muted}
        preload="auto"
        aria-label={label}
        className="w-full"
      />
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={controls.sync.register(column.task.id)}
      src={result.url}
      muted={muted}
      playsInline
      preload="auto"
      aria-label={label}
      className={cn('aspect-video w-full bg-black object-contain', className)}
    />
  );
}

export function MuteButton({
  column,
  index,
  controls,
}: {
  column: CompareColumn;
  index: number;
  controls: StageControls;
}) {
  const { t } = useTranslation('tasks');
  const muted = controls.isMuted(column.task.id, index);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-pressed={muted}
      aria-label={t('compare.mute', { n: index + 1 })}
      onClick={() => controls.toggleMute(column.task.id, index)}
    >
      {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
    </Button>
  );
}
