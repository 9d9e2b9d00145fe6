import { Star } from 'lucide-react';
import { useId, useState } from 'react';
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
          className={cn(
            'rounded-sm p-0.5 text-muted-foreground hover:text-amber-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            n <= stars && 'text-amber-500 dark:text-amber-400',
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

/** The note on a result, saved as the person leaves the field. */
export function RatingNote({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const saved = useRating(taskId)?.note ?? '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = draft ?? saved;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{t('rating.note')}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={NOTE_MAX}
        rows={2}
        placeholder={t('rating.notePlaceholder')}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft === undefined) return;
          rateTask(taskId, { note: draft.trim() || undefined });
          setDraft(undefined);
        }}
      />
    </div>
  );
}
