import { Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { resultView } from '../task-display';
import { TaskStatusBadge } from '../task-status-badge';
import { useSyncedMedia } from './use-synced-media';

function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(2).padStart(5, '0')}`;
}

/** The compared results on one clock: one play/pause, one scrubber, frame steps, mute per tile. */
export function SyncedPlayer({ tasks, results }: { tasks: TrackedTask[]; results: (Task | undefined)[] }) {
  const { t } = useTranslation('tasks');
  const sync = useSyncedMedia();
  // The first tile speaks; the others start muted (several soundtracks at once are noise).
  const [muted, setMuted] = useState<Record<string, boolean>>({});
  const isMuted = (id: string, i: number) => muted[id] ?? i > 0;
  return (
    <section aria-label={t('compare.player')} className="space-y-3">
      <ul className={cn('grid gap-3', tasks.length > 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-2')}>
        {tasks.map((task, i) => {
          const data = results[i];
          const view = data ? resultView(data) : undefined;
          const label = t('compare.tileLabel', { n: i + 1, id: task.id });
          return (
            <li key={task.id} className="space-y-1 rounded-lg border p-2">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate font-medium">
                  {i + 1}. {task.prompt?.trim() || task.id}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-pressed={isMuted(task.id, i)}
                  aria-label={t('compare.mute', { n: i + 1 })}
                  onClick={() => setMuted((m) => ({ ...m, [task.id]: !isMuted(task.id, i) }))}
                >
                  {isMuted(task.id, i) ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
                </Button>
              </div>
              {view?.kind === 'media' ? (
                view.media === 'video' ? (
                  // eslint-disable-next-line jsx-a11y/media-has-caption
                  <video
                    ref={sync.register(task.id)}
                    src={view.url}
                    muted={isMuted(task.id, i)}
                    playsInline
                    preload="auto"
                    aria-label={label}
                    className="aspect-video w-full rounded-md bg-black"
                  />
                ) : (
                  // eslint-disable-next-line jsx-a11y/media-has-caption
                  <audio
                    ref={sync.register(task.id)}
                    src={view.url}
                    muted={isMuted(task.id, i)}
                    preload="auto"
                    aria-label={label}
                    className="w-full"
                  />
                )
              ) : (
                <div className="flex aspect-video items-center justify-center rounded-md bg-muted">
                  <TaskStatusBadge status={data?.status ?? task.last?.status ?? 'pending'} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div role="group" aria-label={t('compare.controls')} className="flex flex-wrap items-center gap-2">
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
          className="min-w-40 flex-1 accent-primary"
        />
        <span className="font-mono text-xs tabular-nums text-muted-foreground">
          {clock(sync.time)} / {clock(sync.duration)}
        </span>
      </div>
    </section>
  );
}
