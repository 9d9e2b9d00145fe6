import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { taskQueryOptions } from '@/api/tasks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { resultView, statusDisplay } from '../task-display';
import { RatingNote, StarRating } from '../ratings/rating-control';
import { TaskStatusBadge } from '../task-status-badge';
import { BrokenResult } from './result-media';
import { useState } from 'react';

/** The open result, large, with its controls; ← and → step through the filtered list. */
export function GalleryLightbox({
  tasks,
  openId,
  onOpen,
  onClose,
}: {
  tasks: readonly TrackedTask[];
  openId: string | undefined;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const index = openId ? tasks.findIndex((task) => task.id === openId) : -1;
  const task = index >= 0 ? tasks[index] : undefined;
  const step = (delta: number) => {
    const next = tasks[index + delta];
    if (!next) return;
    // Reaching the first or last disables Previous or Next; a focused one would drop focus to the
    // page, out of the dialog's arrow keys. Keep it in the dialog.
    const atEdge = index + delta === 0 || index + delta === tasks.length - 1;
    const active = document.activeElement;
    if (atEdge && active instanceof HTMLButtonElement)
      active.closest<HTMLElement>('[role="dialog"]')?.focus();
    onOpen(next.id);
  };
  return (
    <Dialog open={task !== undefined} onOpenChange={(open) => !open && onClose()}>
      {task && (
        <DialogContent
          width="4xl"
          onKeyDown={(e) => {
            // Arrows inside the note move its caret, not the lightbox.
            if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
            if (e.key === 'ArrowRight') step(1);
            else if (e.key === 'ArrowLeft') step(-1);
            else return;
            e.preventDefault();
          }}
        >
          <DialogTitle truncate>{task.prompt?.trim() || task.id}</DialogTitle>
          <DialogDescription>
            {t('gallery.position', { n: index + 1, total: tasks.length })} · {task.model ?? task.kind}
          </DialogDescription>
          <LightboxMedia key={task.id} task={task} />
          <div className="grid gap-2 sm:grid-cols-[auto_1fr] sm:items-start" key={`rating-${task.id}`}>
            <StarRating taskId={task.id} size="md" />
            <RatingNote taskId={task.id} />
          </div>
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" onClick={() => step(-1)} disabled={index <= 0}>
              <ChevronLeft aria-hidden="true" />
              {t('gallery.previous')}
            </Button>
            <Button asChild variant="link">
              <Link to={`/tasks/${encodeURIComponent(task.id)}`}>{t('gallery.details')}</Link>
            </Button>
            <Button variant="outline" onClick={() => step(1)} disabled={index >= tasks.length - 1}>
              {t('gallery.next')}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

export function LightboxMedia({ task }: { task: TrackedTask }) {
  const { t } = useTranslation('tasks');
  const display = statusDisplay(task.last?.status ?? 'pending');
  const registry = useTaskRegistry();
  const { data } = useQuery({
    ...taskQueryOptions(task.id, registry),
    enabled: display.status === 'succeeded',
    refetchInterval: false,
  });
  const [attempt, setAttempt] = useState(0);
  const [broken, setBroken] = useState(false);
  const view = data ? resultView(data) : undefined;
  if (display.status !== 'succeeded' || view?.kind !== 'media') {
    return (
      <div className="flex aspect-video items-center justify-center rounded-md bg-muted">
        <TaskStatusBadge status={task.last?.status ?? 'pending'} />
      </div>
    );
  }
  if (broken) {
    return (
      <div className="aspect-video">
        <BrokenResult
          url={view.url}
          onRetry={() => {
            setBroken(false);
            setAttempt((a) => a + 1);
          }}
        />
      </div>
    );
  }
  const label = t('gallery.resultLabel', { id: task.id });
  if (view.media === 'image') {
    return (
      <img
        key={attempt}
        src={view.url}
        alt={label}
        onError={() => setBroken(true)}
        className="max-h-[80vh] w-full rounded-md bg-muted object-contain"
      />
    );
  }
  return view.media === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      key={attempt}
      src={view.url}
      controls
      autoPlay
      playsInline
      aria-label={label}
      onError={() => setBroken(true)}
      className="aspect-video w-full rounded-md bg-black"
    />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio
      key={attempt}
      src={view.url}
      controls
      autoPlay
      aria-label={label}
      onError={() => setBroken(true)}
      className="w-full"
    />
  );
}
