import { useState } from 'react';
import { focusElement } from '@/lib/form/focus';
import { useTranslation } from '@/lib/i18n';
import type { Storyboard } from './storyboard';
import { shotFieldId } from './shot-card';
import { plannedLength, shotSeconds } from './sound';

/**
 * The storyboard at a glance, across the top: one thumbnail per shot (its picked take's opening
 * frame, once it has one) with its length, and the total. Click a shot to jump to it; drag one onto
 * another to reorder (the keyboard reorders from each shot's handle).
 */
export function TimelineStrip({
  board,
  onMove,
}: {
  board: Storyboard;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useTranslation('storyboard');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const total = plannedLength(board);
  return (
    <nav aria-label={t('timeline.label')} className="mb-6 flex flex-col gap-1">
      <div className="flex items-baseline justify-between text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{t('timeline.label')}</span>
        <span data-testid="timeline-total">
          {total === undefined
            ? t('timeline.totalUnknown')
            : t('timeline.total', { seconds: total.toFixed(1) })}
        </span>
      </div>
      {/* Positioned: the shots' screen-reader text (sr-only, absolute) is then clipped by the
          strip's scroll instead of widening the page (a phone scrolled sideways with 4+ shots). */}
      <ol className="relative flex gap-2 overflow-x-auto pb-1">
        {board.shots.map((shot, i) => {
          const seconds = shotSeconds(shot);
          const url = shot.run.resultUrl ?? shot.run.kept?.resultUrl;
          return (
            <li
              key={shot.id}
              className={dragFrom === i ? 'opacity-50' : undefined}
              // Width by length, so the strip reads as time; a thumbnail stays small.
              style={{ width: `${Math.max(4, seconds ?? 5) * 1.4}rem`, flexShrink: 0 }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragFrom !== null && dragFrom !== i) onMove(dragFrom, i);
                setDragFrom(null);
              }}
            >
              <button
                type="button"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', shot.id);
                  setDragFrom(i);
                }}
                onDragEnd={() => setDragFrom(null)}
                onClick={() => {
                  const heading = shotFieldId(shot.id)('heading');
                  document.getElementById(heading)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                  focusElement(heading);
                }}
                className="flex w-full min-w-16 flex-col overflow-hidden rounded-md border bg-muted text-left text-xs hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {url ? (
                  <video
                    src={`${url}#t=0.1`}
                    muted
                    preload="metadata"
                    className="pointer-events-none aspect-video w-full bg-black object-cover"
                    aria-hidden="true"
                    tabIndex={-1}
                  />
                ) : (
                  <span
                    className="flex aspect-video w-full items-center justify-center text-muted-foreground"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                )}
                {/* The name is what shows plus, for a screen reader, the state and where it goes:
                    an aria-label would hide the visible text from the name (WCAG 2.5.3). */}
                <span className="px-1.5 py-0.5">
                  {t('timeline.shotLabel', { n: i + 1, seconds: seconds ?? '?' })}
                  <span className="sr-only">
                    {t('timeline.shotState', {
                      n: i + 1,
                      state: t(`state.${shot.run.stale ? 'stale' : shot.run.state}`, {
                        defaultValue: shot.run.state,
                      }),
                    })}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
