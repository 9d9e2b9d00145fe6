import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import type { AssemblyState, Storyboard } from './storyboard';
import { AssemblyPlayer } from './assembly-player';

/** "Shot 1: take 2" for each shot the cut used: the take's place in the shot's strip, or its task id. */
export function takesUsed(
  board: Storyboard,
  assembly: AssemblyState,
): Array<{ shot: number; take?: number; taskId: string }> {
  return assembly.taskIds.map((taskId, i) => {
    const takes = board.shots[i]?.run.takes ?? [];
    const at = takes.findIndex((t) => t.taskId === taskId);
    return { shot: i + 1, ...(at >= 0 ? { take: at + 1 } : {}), taskId };
  });
}

/**
 * Every cut kept for this storyboard, newest first: when it was made, which takes it used, what
 * sound and captions it has; each plays and downloads again.
 */
export function AssemblyList({
  board,
  onRegistered,
}: {
  board: Storyboard;
  onRegistered: (assemblyId: string, assetId: string) => void;
}) {
  const { t, i18n } = useTranslation('storyboard');
  const kept = board.assemblies ?? [];
  const [open, setOpen] = useState<string | null>(null);
  if (kept.length === 0) return null;
  return (
    <section aria-labelledby="storyboard-assemblies" className="flex flex-col gap-2">
      <h3 id="storyboard-assemblies" className="text-sm font-semibold">
        {t('assemblies.title', { count: kept.length })}
      </h3>
      <ol className="flex flex-col gap-2" aria-label={t('assemblies.list')}>
        {kept.map((a, n) => {
          const name = t('assemblies.item', { n: kept.length - n });
          const used = takesUsed(board, a)
            .map((u) =>
              u.take
                ? t('assemblies.take', { shot: u.shot, take: u.take })
                : t('assemblies.task', { shot: u.shot, id: u.taskId }),
            )
            .join(' · ');
          return (
            <li key={a.id} aria-label={name} className="flex flex-col gap-1 rounded-md border p-2 text-xs">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {name}
                  {a.createdAt ? ` · ${formatDateMs(a.createdAt, i18n.language)}` : ''}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-expanded={open === a.id}
                  onClick={() => setOpen(open === a.id ? null : a.id)}
                >
                  {open === a.id ? t('assemblies.hide') : t('assemblies.play', { name })}
                </Button>
              </div>
              <span className="text-muted-foreground">{used}</span>
              {a.sound && (
                <span className="text-muted-foreground">
                  {[
                    a.sound.music ? t('assemblies.music', { name: a.sound.music }) : null,
                    a.sound.narration ? t('assemblies.narration', { count: a.sound.narration }) : null,
                    a.sound.captions
                      ? t(a.sound.burned ? 'assemblies.burned' : 'assemblies.captions', {
                          count: a.sound.captions,
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
              {open === a.id && a.url && (
                <AssemblyPlayer
                  board={board}
                  assembly={a}
                  label={name}
                  onRegistered={(assetId) => onRegistered(a.id, assetId)}
                />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
