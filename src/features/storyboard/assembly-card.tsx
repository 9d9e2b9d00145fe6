import { Download, Film, PackagePlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { registerAssetByUrl } from '@/api/assets';
import { assemblyQueryOptions, hasLocalServer, startAssembly } from '@/api/storyboard';
import { useTranslation } from '@/lib/i18n';
import { assemblable, type AssemblyState, type Join, type Storyboard } from './storyboard';

/** The assembled file's name: the storyboard's, safe in a file name (a bare `storyboard.mp4` told nothing). */
export function assemblyFileName(board: Pick<Storyboard, 'name'>): string {
  return `${
    board.name
      .trim()
      .replace(/[^\p{L}\p{N}_ -]+/gu, '-')
      .replace(/\s+/g, ' ') || 'storyboard'
  }.mp4`;
}

/** The ffmpeg line that joins the shots by hand (direct mode, where no local server can). */
export function ffmpegCommand(board: Storyboard): string {
  const names = board.shots.map((_, i) => `shot-${i + 1}.mp4`);
  const inputs = names.map((n) => `-i ${n}`).join(' ');
  const streams = names.map((_, i) => `[${i}:v][${i}:a]`).join('');
  return `ffmpeg ${inputs} -filter_complex "${streams}concat=n=${names.length}:v=1:a=1[v][a]" -map "[v]" -map "[a]" -c:v libx264 -c:a aac "${assemblyFileName(board).replace(/"/g, '')}"`;
}

/** Whether the board can be assembled now: every shot done, no job running, none current already. */
export function canAssemble(board: Storyboard): boolean {
  const taskIds = board.shots.map((s) => s.run.taskId ?? '').join();
  const current = board.assembly?.status === 'succeeded' && board.assembly.taskIds.join() === taskIds;
  return hasLocalServer() && assemblable(board) && board.assembly?.status !== 'running' && !current;
}

/** Starts the local server's assembly of the board's takes, in order, with its joins. */
export async function beginAssembly(board: Storyboard): Promise<AssemblyState> {
  const started = await startAssembly(
    board.shots.map((s) => s.run.resultUrl!),
    board.joins,
  );
  return { ...started, taskIds: board.shots.map((s) => s.run.taskId ?? '') };
}

/**
 * Joins the finished shots into one MP4 on the local server, follows the job (kept in the board,
 * so a reload follows it again), plays and offers the file, and registers it as an asset.
 */
export function AssemblyCard({
  board,
  onChange,
}: {
  board: Storyboard;
  onChange: (a: AssemblyState | undefined, joins?: Join[]) => void;
}) {
  const { t } = useTranslation('storyboard');
  const [error, setError] = useState<unknown>(null);
  const [registering, setRegistering] = useState(false);
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
      onChange({ ...kept, ...live.data });
  }, [kept, live.data, onChange]);
  const taskIds = board.shots.map((s) => s.run.taskId ?? '');
  const outdated = assembly && assembly.taskIds.join() !== taskIds.join();
  const ready = assemblable(board);
  const shownError = error ?? (kept?.status === 'running' ? live.error : null);

  async function assemble() {
    setError(null);
    try {
      onChange(await beginAssembly(board));
    } catch (err) {
      setError(err);
    }
  }

  async function register() {
    if (!assembly?.url) return;
    setRegistering(true);
    setError(null);
    try {
      const asset = await registerAssetByUrl({
        url: assembly.url,
        type: 'video',
        mode: 'both',
        name: assemblyFileName(board),
      });
      onChange({ ...assembly, assetId: asset.id });
    } catch (err) {
      setError(err);
    } finally {
      setRegistering(false);
    }
  }

  return (
    <section aria-labelledby="storyboard-assembly" className="flex flex-col gap-3">
      <h2 id="storyboard-assembly" className="text-base font-semibold">
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
                  onChange(
                    board.assembly,
                    board.joins.map((j, k) => (k === i ? (e.target.value as Join) : j)),
                  )
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
      ) : (
        <>
          {!ready && <p className="text-sm text-muted-foreground">{t('assembly.whenDone')}</p>}
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
              {/* Generated media carries no captions to offer. */}
              {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
              <video
                src={assembly.url}
                controls
                preload="metadata"
                className="aspect-video w-full rounded-md bg-black"
                aria-label={t('assembly.player')}
              />
              <p className="text-xs text-muted-foreground">
                {t('assembly.duration', { seconds: (assembly.duration ?? 0).toFixed(1) })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={assembly.url} download={assemblyFileName(board)}>
                    <Download aria-hidden="true" /> {t('assembly.download')}
                  </a>
                </Button>
                {assembly.assetId ? (
                  <Button asChild variant="link" size="sm">
                    <Link to={`/assets/${encodeURIComponent(assembly.assetId)}`}>
                      {t('assembly.registered', { id: assembly.assetId })}
                    </Link>
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={registering}
                    onClick={() => void register()}
                  >
                    <PackagePlus aria-hidden="true" /> {t('assembly.register')}
                  </Button>
                )}
              </div>
            </div>
          )}
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
