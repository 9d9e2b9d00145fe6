import { Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FormNamespace, useIssueText } from '@/components/form/issue-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CapDialog } from '@/components/money/cap-dialog';
import type { CapBreach } from '@/lib/money/task-cost';
import { usePricesStore } from '@/lib/money/prices-store';
import { useApiKey } from '@/api/connection-store';
import { useTaskRegistry } from '@/api/task-registry-context';
import { focusElement } from '@/lib/form/focus';
import type { FormIssue } from '@/lib/form/issues';
import { notifyError } from '@/lib/notify';
import { deleteStoryboard, loadStoryboard } from '@/lib/storyboard/storyboard-storage';
import { forgetStoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { useTranslation } from '@/lib/i18n';
import { AssemblyCard } from './assembly-card';
import { beginAssembly, canAssemble } from './assembly';
import { shotActions, newBatchId } from './shot-actions';
import { SoundCard } from './sound-card';
import { TimelineStrip } from './timeline-strip';
import { ReferenceRows } from './reference-rows';
import { ShotCard, shotFieldId } from './shot-card';
import { isRunning, moveShot, newShot, type Storyboard } from './storyboard';
import { runShots } from './storyboard-runs';
import { runCapBreach } from './storyboard-money';
import { PhoneRunBar, RunConfirm, RunPanel, type RunScope } from './run-panel';
import { MAX_SHOTS, parseStoryboard } from './storyboard-file';
import { useBoardFeedback } from './storyboard-issues';
import { StoryboardHeader } from './storyboard-header';
import { storyboardRunner, useRunElsewhere, useRunnerBoard } from './storyboard-session';

/** One storyboard: its cast, its shots, one estimate and one run for all, and the assembled file. */
export function StoryboardEditor({ id }: { id: string }) {
  // The run's money (MoneyEstimate, CapDialog) speaks in the money namespace: loaded with the page.
  const { t } = useTranslation(['storyboard', 'money']);
  const registry = useTaskRegistry();
  const runner = storyboardRunner(registry, useQueryClient());
  const board = useRunnerBoard(runner, id);
  const elsewhere = useRunElsewhere(runner, id);
  const [missing, setMissing] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [asking, setAsking] = useState<RunScope | null>(null);
  // A confirmed run over a money cap waits here for a second answer (CapDialog).
  const [held, setHeld] = useState<{ breach: CapBreach; shots: number[] } | null>(null);
  const apiKey = useApiKey();

  useEffect(() => {
    if (runner.get(id)) return;
    let cancelled = false;
    void loadStoryboard(id).then((stored) => {
      if (cancelled) return;
      try {
        // A board kept mid-run is followed again: tasks created before the tab closed are watched.
        runner.follow(parseStoryboard(stored, { fresh: false }));
      } catch {
        setMissing(true);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [id, runner]);

  const secrets = useMemo(() => (apiKey ? [apiKey] : []), [apiKey]);
  const fields = useBoardFeedback(board, secrets);

  // Deleted in another tab while open here (the runner found it gone): not shown as if it were kept.
  if (missing || (!board && runner.deleted(id))) {
    return (
      <p role="alert" className="text-sm">
        {t('missing')}{' '}
        <Link to="/storyboard" className="underline">
          {t('backToList')}
        </Link>
      </p>
    );
  }
  if (!board) return <p className="text-sm text-muted-foreground">{t('loading')}</p>;

  const edit = (change: (b: Storyboard) => Storyboard) => {
    runner.edit(id, change);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= board.shots.length) return;
    edit((b) => moveShot(b, from, to));
    setAnnouncement(t('shot.moved', { from: from + 1, to: to + 1 }));
    requestAnimationFrame(() => focusElement(`${shotFieldId(board.shots[from]!.id)('heading')}`));
  };
  const running = isRunning(board);
  const errors = fields.errors.map((issue) => {
    const n = board.shots.findIndex((shot) => shot.id === issue.owner);
    return { where: n < 0 ? t('cast.title') : t('shot.title', { n: n + 1 }), issue };
  });

  /** Run and "Run every shot again" ask first (what runs, what it costs); a form in error is shown instead. */
  const ask = (scope: RunScope) => fields.attempt(() => setAsking(scope));
  const stop = () => runner.stop(id);
  /** The phone bar's Assemble: starts it when it can, and shows the card (its progress, or why not). */
  const toAssembly = () => {
    document.getElementById('storyboard-assembly')?.scrollIntoView({ block: 'start' });
    if (!canAssemble(board)) return;
    beginAssembly(board).then(
      (assembly) => edit((b) => ({ ...b, assembly })),
      (error: unknown) => notifyError(error, t('assembly.error')),
    );
  };

  return (
    <FormNamespace.Provider value="composer">
      <StoryboardHeader
        board={board}
        running={running}
        onRename={(name) => edit((b) => ({ ...b, name }))}
        onDelete={() =>
          // Deleted, it shows as running in no tab's progress strip.
          runner.remove(id, (gone) => deleteStoryboard(gone).then(() => forgetStoryboardProgress(gone)))
        }
      />
      {asking && (
        <RunConfirm
          board={board}
          scope={asking}
          onCancel={() => setAsking(null)}
          onConfirm={(shots) => {
            setAsking(null);
            const breach = runCapBreach(usePricesStore.getState().book, board, shots, registry.list());
            if (breach) setHeld({ breach, shots });
            else edit((b) => runShots(b, shots, newBatchId()));
          }}
        />
      )}
      <CapDialog
        breach={held?.breach ?? null}
        onAnswer={(send) => {
          if (send && held) edit((b) => runShots(b, held.shots, newBatchId()));
          setHeld(null);
        }}
      />
      <p id="storyboard-reorder-hint" className="sr-only">
        {t('shot.reorderHint')}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <TimelineStrip board={board} onMove={move} />
      <div className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardContent standalone>
              <ReferenceRows
                title={t('cast.title')}
                hint={t('cast.hint')}
                references={board.cast}
                fieldId={shotFieldId('cast')}
                feedback={fields.feedbackOf('cast')}
                model={board.shots[0]?.draft.model ?? ''}
                onChange={(references) => edit((b) => ({ ...b, cast: references }))}
              />
            </CardContent>
          </Card>
          <ol className="flex flex-col gap-6" aria-label={t('shots')}>
            {board.shots.map((shot, index) => (
              <ShotCard
                key={shot.id}
                board={board}
                index={index}
                feedback={fields.feedbackOf(shot.id)}
                dragging={dragFrom === index}
                onDragStart={() => setDragFrom(index)}
                onDropAt={() => {
                  if (dragFrom !== null) move(dragFrom, index);
                  setDragFrom(null);
                }}
                actions={shotActions(shot, index, edit, {
                  move,
                  useFrame: (file) => {
                    void runner.useFrame(id, shot.id, file, shot.draft.model, { file: file.name });
                  },
                })}
              />
            ))}
          </ol>
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={board.shots.length >= MAX_SHOTS}
            onClick={() =>
              edit((b) => ({
                ...b,
                shots: [...b.shots, newShot({ model: b.shots.at(-1)?.draft.model }, b.shots.length > 0)],
              }))
            }
          >
            <Plus aria-hidden="true" /> {t('addShot')}
          </Button>
          <PhoneRunBar
            board={board}
            running={running}
            elsewhere={elsewhere}
            onAsk={ask}
            onStop={stop}
            onAssemble={toAssembly}
          />
        </div>
        <div className="flex flex-col gap-4 xl:sticky xl:top-4">
          <Card>
            <CardContent standalone className="flex flex-col gap-4">
              <RunPanel
                board={board}
                running={running}
                elsewhere={elsewhere}
                onAsk={ask}
                onStop={stop}
                errors={errors.length > 0 && <RunErrors errors={errors} />}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent standalone>
              <SoundCard board={board} edit={edit} />
            </CardContent>
          </Card>
          <Card>
            <CardContent standalone>
              <AssemblyCard board={board} edit={edit} />
            </CardContent>
          </Card>
        </div>
      </div>
    </FormNamespace.Provider>
  );
}

/** What blocks the run, shot by shot, in the composer's words (inside its FormNamespace). */
function RunErrors({ errors }: { errors: Array<{ where: string; issue: FormIssue }> }) {
  const { t } = useTranslation('storyboard');
  const issueText = useIssueText();
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <p className="font-medium text-destructive">{t('run.fixFirst', { count: errors.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((e, i) => (
          <li key={i}>
            {e.where}: {issueText(e.issue)}
          </li>
        ))}
      </ul>
    </div>
  );
}
