import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Ban, ChevronLeft, ChevronRight, EyeOff, SkipForward, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CloseButton, DialogDescription, DialogOverlay, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import { RatingNote, StarRating } from '../ratings/rating-control';
import { rateTask, ratingsOf, restoreRatings, useRatings } from '../ratings/ratings-store';
import { groupBatches, type TaskBatch } from '../task-batches';
import { useVariantWords } from '../variant-label';
import { LightboxMedia } from './gallery-lightbox';
import { batchByTask, nextUnrated, reviewKey, tallyReview } from './review-steps';

export interface ReviewModeProps {
  /** The gallery's filtered results, in its order. */
  tasks: readonly TrackedTask[];
  /** Every tracked task of the connection: a batch's context counts the members filtered out too. */
  all: readonly TrackedTask[];
  startId?: string;
  onClose: () => void;
  /** The closing step's "hide": the gallery stops showing rejected results (nothing is forgotten). */
  onHideRejected: () => void;
}

/**
 * Full screen, one result at a time, culled by keyboard as photographers do: ← → move, 1-5 stars
 * (0 clears), X rejects, N jumps to the next result without a verdict. Past the last result comes
 * one closing step: forget (or hide) every rejected result, with Undo.
 */
export function ReviewMode({ tasks: shown, all, startId, onClose, onHideRejected }: ReviewModeProps) {
  const { t } = useTranslation('tasks');
  // The list as it was on entering: rating under an "unrated" filter must not pull the result away
  // mid-review. Forgotten ones leave it.
  const [ids] = useState(() => shown.map((task) => task.id));
  const tasks = useMemo(() => {
    const byId = new Map(all.map((task) => [task.id, task]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [ids, all]);
  const registry = useTaskRegistry();
  const ratings = useRatings();
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      tasks.findIndex((task) => task.id === startId),
    ),
  );
  // Forgetting shrinks the list under the screen: stay on the closing step, never past it.
  const at = Math.min(index, tasks.length);
  const task = tasks[at];
  const batches = useMemo(() => batchByTask(groupBatches(all)), [all]);
  const tally = useMemo(() => tallyReview(tasks, ratings), [tasks, ratings]);
  const contentRef = useRef<HTMLDivElement>(null);
  // A move remounts the result (its focused star goes) or disables the button pressed (Previous at
  // the first): focus would fall to the page, out of reach of the keys. It stays in review.
  useEffect(() => {
    const content = contentRef.current;
    if (content && !content.contains(document.activeElement)) content.focus();
  }, [at]);

  const move = (delta: number) => setIndex(Math.max(0, Math.min(tasks.length, at + delta)));
  const jumpUnrated = () => {
    const next = nextUnrated(tasks, ratings, task ? at : -1);
    setIndex(next === -1 ? tasks.length : next);
  };
  const forgetRejected = () => {
    const ids = tally.rejected;
    const saved = ratingsOf(ids);
    const removed = registry.untrack(ids);
    if (removed.length === 0) return;
    notifyUndoable(t('review.forgotten', { count: removed.length }), () => {
      registry.restore(removed);
      restoreRatings(saved);
    });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    // Typing a note is typing, not culling.
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = reviewKey(e.key);
    if (!action) return;
    e.preventDefault();
    if ('move' in action) move(action.move);
    else if ('nextUnrated' in action) jumpUnrated();
    else if (!task) return;
    else if ('stars' in action) rateTask(task.id, { stars: action.stars || undefined, rejected: false });
    else rateTask(task.id, { rejected: !ratings.get(task.id)?.rejected });
  };

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogOverlay className="bg-background" />
        <DialogPrimitive.Content
          ref={contentRef}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col gap-3 overflow-y-auto bg-background p-4 focus-visible:outline-none"
        >
          <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 pr-8">
            <DialogTitle>{t('review.title')}</DialogTitle>
            <DialogDescription>
              {task
                ? t('review.position', { n: at + 1, total: tasks.length })
                : t('review.end', { total: tasks.length })}
              {' · '}
              {t('review.tally', {
                rejected: tally.rejected.length,
                rated: tally.rated,
                unrated: tally.unrated,
              })}
            </DialogDescription>
          </header>
          {/* Phones have no keys to offer: there the buttons below are the way to move. */}
          <p className="hidden text-xs text-muted-foreground sm:block">{t('review.keys')}</p>
          {task ? (
            <ReviewedResult
              key={task.id}
              task={task}
              batch={batches.get(task.id)}
              rejected={ratings.get(task.id)?.rejected === true}
              reviewed={tasks}
              onJump={setIndex}
            />
          ) : (
            <section
              aria-label={t('review.closing')}
              className="mx-auto flex max-w-xl flex-1 flex-col justify-center gap-3"
            >
              <h3 className="text-lg font-semibold">{t('review.closing')}</h3>
              <p className="text-sm text-muted-foreground">
                {tally.rejected.length > 0
                  ? t('review.closingRejected', { count: tally.rejected.length })
                  : t('review.closingNone')}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="destructive" disabled={tally.rejected.length === 0} onClick={forgetRejected}>
                  <Trash2 aria-hidden /> {t('review.forget', { count: tally.rejected.length })}
                </Button>
                <Button variant="outline" disabled={tally.rejected.length === 0} onClick={onHideRejected}>
                  <EyeOff aria-hidden /> {t('review.hide', { count: tally.rejected.length })}
                </Button>
                <Button variant="ghost" onClick={onClose}>
                  {t('review.done')}
                </Button>
              </div>
            </section>
          )}
          {/* On a phone: the jump across the top, Previous and Next under it at the two thumbs; wrapped
              as they came, Next sat alone on a line under Previous. */}
          <nav
            aria-label={t('review.moves')}
            className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:justify-between"
          >
            <Button variant="outline" onClick={() => move(-1)} disabled={at === 0}>
              <ChevronLeft aria-hidden /> {t('gallery.previous')}
            </Button>
            <Button
              variant="outline"
              className="order-first col-span-2 sm:order-none"
              onClick={jumpUnrated}
              disabled={tally.unrated === 0}
            >
              <SkipForward aria-hidden /> {t('review.nextUnrated')}
            </Button>
            <Button variant="outline" onClick={() => move(1)} disabled={!task}>
              {at === tasks.length - 1 ? t('review.toClosing') : t('gallery.next')}
              <ChevronRight aria-hidden />
            </Button>
          </nav>
          <CloseButton />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ReviewedResult({
  task,
  batch,
  rejected,
  reviewed,
  onJump,
}: {
  task: TrackedTask;
  batch: TaskBatch | undefined;
  rejected: boolean;
  reviewed: readonly TrackedTask[];
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <article aria-label={task.prompt?.trim() || task.id} className="flex flex-1 flex-col gap-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium">{task.prompt?.trim() || task.id}</p>
        {rejected && (
          <Badge variant="destructive">
            <Ban aria-hidden /> {t('review.rejectedBadge')}
          </Badge>
        )}
      </div>
      {batch && <BatchContext batch={batch} current={task.id} reviewed={reviewed} onJump={onJump} />}
      {/* As large as the screen allows at 16:9, never taller than it. */}
      <div className="mx-auto w-full" style={{ maxWidth: 'calc((100vh - 24rem) * 16 / 9)' }}>
        <LightboxMedia task={task} />
      </div>
      <div className="grid gap-2 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="flex items-center gap-2">
          <StarRating taskId={task.id} size="md" />
          <Button
            size="sm"
            variant={rejected ? 'destructive' : 'outline'}
            aria-pressed={rejected}
            onClick={() => rateTask(task.id, { rejected: !rejected })}
          >
            <Ban aria-hidden /> {t('review.reject')}
          </Button>
        </div>
        <RatingNote taskId={task.id} />
      </div>
    </article>
  );
}

/** The batch or storyboard run the result came from, its siblings named, this one marked. */
function BatchContext({
  batch,
  current,
  reviewed,
  onJump,
}: {
  batch: TaskBatch;
  current: string;
  reviewed: readonly TrackedTask[];
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation('tasks');
  const words = useVariantWords();
  const board = batch.storyboard;
  const title = !board
    ? t('batch.title', { count: batch.tasks.length })
    : board.name
      ? t('batch.storyboardNamed', { name: board.name, count: board.shots })
      : t('batch.storyboard', { count: board.shots });
  return (
    <section aria-label={t('review.context')} className="rounded-md border p-2 text-xs">
      <p className="font-medium">
        {title}
        {batch.varied ? ` · ${t('batch.varied', { field: t(`batch.fields.${batch.varied.field}`) })}` : ''}
      </p>
      <ol className="mt-1 flex flex-wrap gap-1">
        {batch.tasks.map((member, i) => {
          const label =
            (board ? t('batch.shot', { n: member.storyboard!.shot }) : t('batch.variant', { n: i + 1 })) +
            (batch.varied?.values[i] ? ` · ${words.param(batch.varied.field, batch.varied.values[i])}` : '');
          const target = reviewed.findIndex((r) => r.id === member.id);
          return (
            <li key={member.id}>
              <Button
                size="sm"
                variant={member.id === current ? 'secondary' : 'ghost'}
                className="h-7 px-2 text-xs"
                aria-current={member.id === current ? 'true' : undefined}
                // A sibling the gallery's filters hide is named, not reachable from here.
                disabled={target === -1}
                onClick={() => onJump(target)}
              >
                {label}
              </Button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
