import { Columns2, Film, Play, RotateCw, Square } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { useTranslation } from '@/lib/i18n';
import { overallProgress, predecessorOf, totalEstimate, type Storyboard } from './storyboard';
import { editedSinceTake, pendingShots } from './storyboard-runs';
import { runCostInputs } from './storyboard-money';

/** Compare shows at most four results side by side. */
const MAX_COMPARED = 4;

/** What a confirmation is about: Run (what is pending) or every shot again. */
export type RunScope = 'pending' | 'all';

export function scopeShots(board: Storyboard, scope: RunScope): number[] {
  return scope === 'all' ? board.shots.map((_, i) => i) : pendingShots(board);
}

/** Why a shot is in a run, in the words the confirmation lists. */
function whyRun(board: Storyboard, i: number, scope: RunScope): string {
  const run = board.shots[i]!.run;
  if (run.stale) return 'stale';
  if (editedSinceTake(board, i)) return 'edited';
  if (run.state === 'idle') return 'new';
  if (run.state === 'failed' || run.state === 'blocked') return 'failed';
  return scope === 'all' ? 'again' : 'follows';
}

/** Tokens with the composer's separators: the i18n layer's number format. */
function useEstimateText() {
  const { t } = useTranslation('storyboard');
  return (board: Storyboard, shots: readonly number[]) => {
    const tokens = totalEstimate(board, shots);
    return tokens === undefined
      ? t('estimate.unknown')
      : t('estimate.total', { count: shots.length, tokens });
  };
}

/**
 * The run's card: what Run would run and its estimate, Run and "Run every shot again" (each asks
 * first), Stop while running, the progress of a run going on, and the way to the results.
 */
export function RunPanel({
  board,
  running,
  elsewhere = false,
  onAsk,
  onStop,
  errors,
}: {
  board: Storyboard;
  running: boolean;
  /** Another tab of this browser runs the board (run-lock.ts): this one offers no Run nor Stop. */
  elsewhere?: boolean;
  onAsk: (scope: RunScope) => void;
  onStop: () => void;
  errors: React.ReactNode;
}) {
  const { t } = useTranslation('storyboard');
  const estimate = useEstimateText();
  const pending = pendingShots(board);
  // The order of what Run sends; with nothing to send (or a run going on), of every shot.
  const planned = pending.length > 0 && !running && !elsewhere ? pending : board.shots.map((_, i) => i);
  const ran = board.shots.some((s) => s.run.state !== 'idle');
  const finished = board.shots.map((s) => s.run.taskId).filter((x): x is string => !!x);
  const comparable = finished.length >= 2 && finished.length <= MAX_COMPARED;
  const compareHref = comparable
    ? `/gallery/compare?${new URLSearchParams({ ids: finished.join(',') }).toString()}`
    : '/tasks';
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">{t('run.title')}</h2>
      <p className="text-sm" data-testid="storyboard-estimate">
        {/* "Every shot has a good, current take" is not so while shots are still being made. */}
        {running || elsewhere
          ? t('run.underWay')
          : pending.length === 0
            ? t('run.nothing')
            : estimate(board, pending)}
      </p>
      {pending.length > 0 && (
        <MoneyEstimate inputs={runCostInputs(board, pending)} testId="storyboard-money" />
      )}
      <ul className="text-xs text-muted-foreground">
        {planned.map((i) => {
          // A shot continuing from a good, current take is not waited for: its frame is there.
          const from = predecessorOf(board, i);
          const waits = from !== undefined && planned.includes(from);
          return (
            <li key={board.shots[i]!.id}>
              {waits ? t('run.waitsFor', { n: i + 1, from: from + 1 }) : t('run.startsAtOnce', { n: i + 1 })}
            </li>
          );
        })}
      </ul>
      {errors}
      <RunButtons board={board} running={running} elsewhere={elsewhere} onAsk={onAsk} onStop={onStop} />
      {ran && !running && !elsewhere && (
        <Button type="button" variant="outline" onClick={() => onAsk('all')}>
          <RotateCw aria-hidden="true" /> {t('run.everyAgain')}
        </Button>
      )}
      {finished.length > 0 && (
        <Button asChild variant="outline" size="sm">
          <Link to={compareHref}>
            <Columns2 aria-hidden="true" /> {comparable ? t('run.compare') : t('run.monitor')}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** Run (or Stop) and the progress of a run going on: the card's, and the phone's bar. */
function RunButtons({
  board,
  running,
  elsewhere = false,
  onAsk,
  onStop,
  compact = false,
}: {
  board: Storyboard;
  running: boolean;
  elsewhere?: boolean;
  onAsk: (scope: RunScope) => void;
  onStop: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('storyboard');
  const pending = pendingShots(board).length;
  // What this tab shows of a run another tab holds is older than that tab's: it starts and stops nothing.
  if (elsewhere)
    return (
      <p role="status" className={compact ? 'flex-1 text-sm' : 'text-sm'} data-testid="storyboard-elsewhere">
        {/* The phone's bar stays in view over the shots: a line there, the whole of it on the card. */}
        {t(compact ? 'run.elsewhereShort' : 'run.elsewhere')}
      </p>
    );
  return (
    <>
      {running ? (
        <Button type="button" variant="outline" onClick={onStop} className={compact ? 'flex-1' : undefined}>
          <Square aria-hidden="true" /> {t('run.stop')}
        </Button>
      ) : (
        <Button
          type="button"
          onClick={() => onAsk('pending')}
          disabled={pending === 0}
          className={compact ? 'flex-1' : undefined}
        >
          <Play aria-hidden="true" /> {t('run.run', { count: pending })}
        </Button>
      )}
      {/* Only while a run goes on: a bar left after a run ended (or failed) told nothing. */}
      {running && (
        <Progress
          value={Math.round(overallProgress(board) * 100)}
          label={t('run.progress')}
          size={compact ? 'compact' : 'default'}
          className={compact ? 'order-first basis-full' : undefined}
        />
      )}
    </>
  );
}

/**
 * The phone's bar: Run and the way to Assemble stay in view at the bottom of the screen while the
 * shots scroll by (on a phone they came after every shot's form, thousands of pixels down).
 */
export function PhoneRunBar({
  board,
  running,
  elsewhere = false,
  onAsk,
  onStop,
  onAssemble,
}: {
  board: Storyboard;
  running: boolean;
  elsewhere?: boolean;
  onAsk: (scope: RunScope) => void;
  onStop: () => void;
  onAssemble: () => void;
}) {
  const { t } = useTranslation('storyboard');
  return (
    <div
      role="region"
      aria-label={t('run.bar')}
      data-testid="storyboard-run-bar"
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur xl:hidden"
    >
      <RunButtons
        board={board}
        running={running}
        elsewhere={elsewhere}
        onAsk={onAsk}
        onStop={onStop}
        compact
      />
      <Button type="button" variant="outline" className="flex-1" onClick={onAssemble}>
        <Film aria-hidden="true" /> {t('run.toAssembly')}
      </Button>
    </div>
  );
}

/** Asks before a run: which shots it sends, why each, and what they are estimated to cost. */
export function RunConfirm({
  board,
  scope,
  onConfirm,
  onCancel,
}: {
  board: Storyboard;
  scope: RunScope | null;
  onConfirm: (shots: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('storyboard');
  const estimate = useEstimateText();
  const [shots] = useState(() => (scope ? scopeShots(board, scope) : []));
  if (!scope) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {t(scope === 'all' ? 'confirm.titleAll' : 'confirm.title', { count: shots.length })}
          </DialogTitle>
          <DialogDescription>{estimate(board, shots)}</DialogDescription>
        </DialogHeader>
        <MoneyEstimate inputs={runCostInputs(board, shots)} testId="storyboard-confirm-money" />
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('confirm.list')}>
          {shots.map((i) => (
            <li key={board.shots[i]!.id}>
              {t(`confirm.why.${whyRun(board, i, scope)}`, { n: i + 1, from: i })}
            </li>
          ))}
        </ul>
        {scope === 'pending' && shots.length < board.shots.length && (
          <p className="text-xs text-muted-foreground">
            {t('confirm.kept', { count: board.shots.length - shots.length })}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button type="button" onClick={() => onConfirm(shots)} disabled={shots.length === 0}>
            <Play aria-hidden="true" /> {t('run.run', { count: shots.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
