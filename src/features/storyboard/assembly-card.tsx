import { Film } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { assemblyQueryOptions, hasLocalServer } from '@/api/storyboard';
import { useTranslation } from '@/lib/i18n';
import {
  assemblable,
  keptAssembly,
  shotsNotReady,
  type AssemblyState,
  type Join,
  type Storyboard,
} from './storyboard';
import { beginAssembly, ffmpegCommand, isOutdated } from './assembly';
import { AssemblyList } from './assembly-list';
import { AssemblyPlayer } from './assembly-player';

type Edit = (change: (b: Storyboard) => Storyboard) => void;

/** A cut's asset id, wherever the cut is shown (the current one, or in the list). */
function withAssetId(board: Storyboard, assemblyId: string, assetId: string): Storyboard {
  const mark = (a: AssemblyState) => (a.id === assemblyId ? { ...a, assetId } : a);
  return {
    ...board,
    ...(board.assembly ? { assembly: mark(board.assembly) } : {}),
    ...(board.assemblies ? { assemblies: board.assemblies.map(mark) } : {}),
  };
}

/**
 * Joins the picked takes into one MP4 on the local server, with the sound and captions set above,
 * follows the job (kept in the board, so a reload follows it again), plays the file with its
 * captions, and keeps every finished cut in a list.
 */
export function AssemblyCard({ board, edit }: { board: Storyboard; edit: Edit }) {
  const { t } = useTranslation('storyboard');
  const [error, setError] = useState<unknown>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const kept = board.assembly;
  const local = hasLocalServer();
  // A job running is followed through the query cache (its own poll in api/storyboard.ts); the
  // board keeps the job's id, and its end once known, so a reload shows the file again.
  const live = useQuery({
    ...assemblyQueryOptions(kept?.id ?? ''),
    enabled: local && kept?.status === 'running',
  });
  const assembly: AssemblyState | undefined =
    kept && live.data && kept.status === 'running' ? { ...kept, ...live.data } : kept;
  useEffect(() => {
    if (kept?.status === 'running' && live.data && live.data.status !== 'running')
      edit((b) => keptAssembly(b, { ...kept, ...live.data }));
  }, [kept, live.data, edit]);
  const outdated = assembly && isOutdated(board, assembly);
  const ready = assemblable(board);
  // Once some shots are ready, the ones that are not are named: a stale take has "succeeded" too,
  // so "when every shot has succeeded" alone leaves a disabled Assemble unexplained.
  const waiting = shotsNotReady(board);
  const shownError = error ?? (kept?.status === 'running' ? live.error : null);

  async function assemble() {
    setError(null);
    try {
      const started = await beginAssembly(board);
      edit((b) => ({ ...b, assembly: started }));
      // Assemble is disabled while the job runs, which drops the focus to the page: it stays in the card.
      title.current?.focus();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section aria-labelledby="storyboard-assembly" className="flex flex-col gap-3">
      <h2 id="storyboard-assembly" ref={title} tabIndex={-1} className="text-base font-semibold outline-none">
        {t('assembly.title')}
      </h2>
      {board.joins.length > 0 && (
        <ul className="flex flex-col gap-2">
          {board.joins.map((join, i) => (
            <li key={i} className="flex items-center justify-between gap-2">
              <Label htmlFor={`storyboard-join-${i}`}>{t('assembly.join', { a: i + 1, b: i + 2 })}</Label>
              <Select
                id={`storyboard-join-${i}`}
                value={join}
                className="w-36"
                onChange={(e) =>
                  edit((b) => ({
                    ...b,
                    joins: b.joins.map((j, k) => (k === i ? (e.target.value as Join) : j)),
                  }))
                }
              >
                <option value="cut">{t('assembly.cut')}</option>
                <option value="crossfade">{t('assembly.crossfade')}</option>
              </Select>
            </li>
          ))}
        </ul>
      )}
      {!local ? (
        <DirectMode board={board} />
      ) : (
        <>
          {!ready && <p className="text-sm text-muted-foreground">{t('assembly.whenDone')}</p>}
          {!ready && waiting.length > 0 && waiting.length < board.shots.length && (
            <p className="text-sm" data-testid="assembly-waiting">
              {t('assembly.waiting', { shots: waiting.join(', '), count: waiting.length })}
            </p>
          )}
          <Button
            type="button"
            variant={assembly?.status === 'succeeded' && !outdated ? 'outline' : 'default'}
            disabled={!ready || assembly?.status === 'running'}
            onClick={() => void assemble()}
          >
            <Film aria-hidden="true" /> {assembly && outdated ? t('assembly.again') : t('assembly.assemble')}
          </Button>
          {assembly?.status === 'running' && (
            <Progress value={Math.round((assembly.progress ?? 0) * 100)} label={t('assembly.progress')} />
          )}
          {assembly?.status === 'failed' && (
            <p role="alert" className="text-sm text-destructive">
              {t('assembly.failed', { reason: assembly.error ?? '' })}
            </p>
          )}
          {assembly?.status === 'succeeded' && assembly.url && (
            <div className="flex flex-col gap-2" data-testid="assembled">
              {outdated && <p className="text-sm text-warning">{t('assembly.outdated')}</p>}
              {assembly.scaled && assembly.scaled.length > 0 && (
                <p
                  role="status"
                  className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
                >
                  {t('assembly.scaled', {
                    shots: assembly.scaled.map((i) => i + 1).join(', '),
                    count: assembly.scaled.length,
                  })}
                </p>
              )}
              <AssemblyPlayer
                board={board}
                assembly={assembly}
                label={t('assembly.player')}
                onRegistered={(assetId) => edit((b) => withAssetId(b, assembly.id, assetId))}
              />
            </div>
          )}
          <AssemblyList
            board={board}
            onRegistered={(id, assetId) => edit((b) => withAssetId(b, id, assetId))}
          />
        </>
      )}
      {shownError !== null && (
        <ErrorAlert
          error={shownError}
          title={t('assembly.error')}
          onDismiss={() => setError(null)}
          dismissLabel={t('dismiss')}
        />
      )}
    </section>
  );
}

/** Direct mode (no local server): the shots to download and the ffmpeg line that joins them. */
function DirectMode({ board }: { board: Storyboard }) {
  const { t } = useTranslation('storyboard');
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>{t('assembly.needsLocal')}</p>
      <ul className="list-disc pl-5">
        {board.shots.map((s, i) =>
          s.run.resultUrl ? (
            <li key={s.id}>
              <a
                href={s.run.resultUrl}
                download={`shot-${i + 1}.mp4`}
                className="underline-offset-2 hover:underline"
              >
                {t('assembly.shotFile', { n: i + 1 })}
              </a>
            </li>
          ) : null,
        )}
      </ul>
      <div className="flex items-start gap-2">
        <code className="block flex-1 overflow-x-auto rounded-md bg-muted p-2 text-xs">
          {ffmpegCommand(board)}
        </code>
        <CopyButton value={ffmpegCommand(board)} aria-label={t('assembly.copyCommand')} />
      </div>
    </div>
  );
}
