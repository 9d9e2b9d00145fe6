import { ExternalLink, RotateCw, Upload } from 'lucide-react';
import { Fragment, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useTranslation } from '@/lib/i18n';
import { isActive, predecessorOf, type ShotState, type Storyboard } from './storyboard';
import { TakeSettingsLine, useTakeSettingsText } from './take-settings';
import { editedSinceTake } from './storyboard-runs';

const VARIANT: Record<ShotState, BadgeProps['variant']> = {
  idle: 'muted',
  queued: 'secondary',
  framing: 'secondary',
  registering: 'secondary',
  preparing: 'secondary',
  submitting: 'secondary',
  running: 'secondary',
  succeeded: 'success',
  failed: 'destructive',
  blocked: 'warning',
};

/** Reasons the runner names by a code (the others are the server's or the browser's own words). */
const REASON_CODES = new Set([
  'predecessorFailed',
  'predecessorNoResult',
  'cors',
  'unreadable',
  'timeout',
  'stopped',
  'taskNotFound',
  'frameNotFound',
  'unauthorized',
  'sendCutOff',
]);

/**
 * The ids' place in a translated sentence, found by a mark no text holds: each language words the
 * sentence around the ids as it needs, and the ids become links (the translator gives strings only).
 */
const IDS = '\u0000';
function linkedIds(sentence: string, links: ReactNode): ReactNode {
  const [before, ...after] = sentence.split(IDS);
  return after.length === 0 ? sentence : [before, <Fragment key="ids">{links}</Fragment>, after.join('')];
}

/** A shot's run: its state, progress, task link, why it stopped, and what can be done next. */
export function ShotStatus({
  board,
  index,
  onRerun,
  onFrameChosen,
  onUseKept,
  onPickTake,
}: {
  board: Storyboard;
  index: number;
  onRerun: () => void;
  onFrameChosen: (file: File) => void;
  /** Puts the kept good take back as the shot's result (after a later run of it failed). */
  onUseKept?: () => void;
  /** Makes one of the shot's takes the one assembly and the next shot use. */
  onPickTake?: (taskId: string) => void;
}) {
  const { t } = useTranslation('storyboard');
  const settingsText = useTakeSettingsText();
  const file = useRef<HTMLInputElement>(null);
  const shot = board.shots[index]!;
  const { run } = shot;
  const from = predecessorOf(board, index);
  if (run.state === 'idle' && !run.stale) return null;
  // Stopped is the person's doing, not a failure: said as such, with the take that joined after it.
  const stoppedHere = run.state === 'failed' && run.error === 'stopped';
  const stopped = shot.stoppedTasks ?? [];
  // One take is worth a strip when it is not the one on show: a stopped task's, joined after Stop.
  const pickable = (run.takes ?? []).some(
    (take) => !(run.state === 'succeeded' && run.taskId === take.taskId) && run.kept?.taskId !== take.taskId,
  );
  const reason = stoppedHere
    ? t(pickable ? 'reasons.stoppedWithTake' : 'reasons.stopped')
    : run.error
      ? REASON_CODES.has(run.error)
        ? t(`reasons.${run.error}`, { n: (from ?? 0) + 1 })
        : run.error
      : undefined;
  const waiting = run.state === 'queued' && from !== undefined;
  const edited = editedSinceTake(board, index);
  return (
    <div
      className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3"
      data-testid={`shot-status-${index + 1}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={stoppedHere ? 'muted' : VARIANT[run.state]} data-state={run.state}>
          {waiting
            ? t('state.waiting', { n: from + 1 })
            : t(stoppedHere ? 'state.stopped' : `state.${run.state}`)}
        </Badge>
        {run.stale && <Badge variant="warning">{t('state.stale')}</Badge>}
        {edited && <Badge variant="warning">{t('state.edited')}</Badge>}
        {run.taskId && (
          <Link
            to={`/tasks/${encodeURIComponent(run.taskId)}`}
            className="inline-flex items-center gap-1 font-mono text-xs underline-offset-2 hover:underline"
            aria-label={t('shot.openTask', { n: index + 1, id: run.taskId })}
          >
            {run.taskId} <ExternalLink aria-hidden="true" className="size-3" />
          </Link>
        )}
        {(run.state === 'succeeded' || run.state === 'failed' || run.state === 'blocked' || run.stale) && (
          <Button type="button" size="sm" variant="outline" className="ml-auto" onClick={onRerun}>
            <RotateCw aria-hidden="true" /> {t('shot.rerun', { n: index + 1 })}
          </Button>
        )}
      </div>
      {isActive(run) && (
        <Progress
          value={run.state === 'running' ? Math.round((run.progress ?? 0) * 100) : undefined}
          label={t('shot.progress', { n: index + 1 })}
        />
      )}
      {reason && (
        <p
          role={run.state === 'failed' && !stoppedHere ? 'alert' : undefined}
          className={stoppedHere ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}
          data-testid={`shot-reason-${index + 1}`}
        >
          {reason}
        </p>
      )}
      {run.stale && <p className="text-sm text-muted-foreground">{t('shot.staleHint', { n: index })}</p>}
      {edited && (
        <p className="text-sm text-muted-foreground" data-testid={`shot-edited-${index + 1}`}>
          {t('shot.editedHint')}
        </p>
      )}
      {stopped.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid={`shot-stopped-tasks-${index + 1}`}>
          {linkedIds(
            t('shot.stoppedTasks', { count: stopped.length, ids: IDS }),
            stopped.map((s, i) => (
              <Fragment key={s.taskId}>
                {i > 0 && ', '}
                <Link
                  to={`/tasks/${encodeURIComponent(s.taskId)}`}
                  className="font-mono text-xs underline underline-offset-2"
                  aria-label={t('shot.openStoppedTask', { n: index + 1, id: s.taskId })}
                >
                  {s.taskId}
                </Link>
              </Fragment>
            )),
          )}
        </p>
      )}
      {run.frameRefused && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('shot.frameRefused')}</span>
          <input
            ref={file}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={t('shot.otherImage', { n: index + 1 })}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) onFrameChosen(chosen);
              e.target.value = '';
            }}
          />
          <Button type="button" size="sm" variant="outline" onClick={() => file.current?.click()}>
            <Upload aria-hidden="true" /> {t('shot.otherImage', { n: index + 1 })}
          </Button>
        </div>
      )}
      {run.kept && run.state !== 'succeeded' && (
        <div className="flex flex-col gap-2" data-testid={`shot-kept-${index + 1}`}>
          <p className="text-xs text-muted-foreground">
            {t('shot.kept', { id: run.kept.taskId, n: index + 1 })}
          </p>
          <video
            src={run.kept.resultUrl}
            controls
            muted
            preload="metadata"
            className="aspect-video w-full max-w-md rounded-md bg-black"
            aria-label={t('shot.keptResult', { n: index + 1 })}
          />
          {onUseKept && (run.state === 'failed' || run.state === 'blocked') && (
            <Button type="button" size="sm" variant="outline" className="self-start" onClick={onUseKept}>
              {t('shot.useKept')}
            </Button>
          )}
        </div>
      )}
      {onPickTake && ((run.takes?.length ?? 0) > 1 || pickable) && (
        <div role="group" aria-label={t('takes.label', { n: index + 1 })} className="flex flex-wrap gap-1">
          {run.takes!.map((take, i) => {
            const current = run.state === 'succeeded' && run.taskId === take.taskId;
            return (
              <Button
                key={take.taskId}
                type="button"
                size="sm"
                variant={current ? 'default' : 'outline'}
                aria-pressed={current}
                disabled={isActive(run)}
                title={take.settings ? `${take.taskId} · ${settingsText(take.settings)}` : take.taskId}
                onClick={() => !current && onPickTake(take.taskId)}
              >
                {t('takes.take', { n: i + 1 })}
              </Button>
            );
          })}
        </div>
      )}
      {run.state === 'succeeded' && run.resultUrl && (
        <video
          src={run.resultUrl}
          controls
          muted
          preload="metadata"
          className="aspect-video w-full max-w-md rounded-md bg-black"
          aria-label={t('shot.result', { n: index + 1 })}
        />
      )}
      {run.state === 'succeeded' && <TakeSettingsLine settings={run.sent} n={index + 1} />}
    </div>
  );
}
