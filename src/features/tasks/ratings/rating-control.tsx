import { Star } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { NOTE_MAX, rateTask, useRating } from './ratings-store';

/**
 * Five star buttons: a click sets the rating, a click on the current one clears it. Buttons with
 * aria-pressed rather than radios, so that "no rating" is reachable and each star says its number.
 */
export function StarRating({ taskId, size = 'sm' }: { taskId: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('tasks');
  const stars = useRating(taskId)?.stars ?? 0;
  return (
    <div role="group" aria-label={t('rating.label')} className="flex items-center">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={stars === n}
          aria-label={stars === n ? t('rating.clear', { n }) : t('rating.set', { count: n })}
          title={t('rating.set', { count: n })}
          onClick={() => rateTask(taskId, { stars: stars === n ? undefined : n })}
          // One colour class per state: with cn's plain joining (decision 235) a grey and a gold
          // class on one star let the stylesheet's order pick grey, and a saved rating looked off.
          className={cn(
            'rounded-sm p-0.5 hover:text-amber-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            n <= stars ? 'text-amber-500 dark:text-amber-400' : 'text-muted-foreground',
          )}
        >
          <Star
            aria-hidden
            className={cn(size === 'sm' ? 'size-4' : 'size-5', n <= stars && 'fill-current')}
          />
        </button>
      ))}
    </div>
  );
}

/**
 * The note on a result, saved as the person leaves the field and on every other way out: a dialog
 * closed with Escape or a page left unmounts the field without a blur, so unmounting saves too.
 */
export function RatingNote({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const saved = useRating(taskId)?.note ?? '';
  // The draft names its task: moved to another result, the field shows that one's note.
  const [typed, setTyped] = useState<{ taskId: string; text: string } | undefined>(undefined);
  const draft = typed?.taskId === taskId ? typed.text : undefined;
  const value = draft ?? saved;
  // What was typed and not saved yet, read when the field goes away (or moves to another result).
  const unsaved = useRef<{ taskId: string; text: string } | undefined>(undefined);
  useEffect(
    () => () => {
      const left = unsaved.current;
      if (left?.taskId !== taskId) return;
      unsaved.current = undefined;
      rateTask(taskId, { note: left.text.trim() || undefined });
    },
    [taskId],
  );
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{t('rating.note')}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={NOTE_MAX}
        rows={2}
        placeholder={t('rating.notePlaceholder')}
        onChange={(e) => {
          unsaved.current = { taskId, text: e.target.value };
          setTyped(unsaved.current);
        }}
        onBlur={() => {
          if (draft === undefined) return;
          rateTask(taskId, { note: draft.trim() || undefined });
          unsaved.current = undefined;
          setTyped(undefined);
        }}
      />
    </div>
  );
}
