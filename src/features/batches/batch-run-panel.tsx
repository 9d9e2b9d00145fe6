import { Download, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTaskRegistry } from '@/api/task-registry-context';
import { CapDialog } from '@/components/money/cap-dialog';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { useTranslation } from '@/lib/i18n';
import { sumCosts } from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';
import {
  checkCaps,
  requestCostInput,
  spentOnDay,
  trackedTaskCost,
  type CapBreach,
} from '@/lib/money/task-cost';
import { taskKindOf, type RowCheck } from './batch-check';
import { clampConcurrency, MAX_CONCURRENCY, MIN_CONCURRENCY, type Batch } from './batch-model';
import { batchProgress, exportCsv, exportRows } from './batch-progress';
import type { BatchRunner } from './batch-runner';
import { BatchSaveAssets } from './batch-save-assets';

function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Ticks every second while a run goes on: the time left and a 429's wait count down. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The estimate and cap, the run's controls and progress, and the export. */
export function BatchRunPanel({
  batch,
  checks,
  runner,
}: {
  batch: Batch;
  checks: readonly (RowCheck | undefined)[];
  runner: BatchRunner;
}) {
  const { t } = useTranslation('batches');
  const registry = useTaskRegistry();
  const [breach, setBreach] = useState<CapBreach | null>(null);
  const bad = checks.filter((c) => c?.ok === false).length;
  const dropped = batch.rows.filter((r) => r.state === 'dropped').length;
  const sent = batch.rows.filter((r) => r.state !== 'pending' && r.state !== 'dropped').length;
  const toSend = batch.rows.flatMap((r, i) => (r.state === 'pending' && checks[i]?.ok ? [checks[i]!] : []));
  const costInputs = useMemo(
    () => toSend.map((c) => requestCostInput({ kind: taskKindOf(batch.kind, c.body), body: c.body })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [checks, batch.rows],
  );
  // The inputs carry each body's token estimate already: 10,000 rows are not estimated twice, nor on
  // every render of a run's progress (bench/cost-estimate.bench.ts).
  const tokens = useMemo(() => costInputs.reduce((sum, c) => sum + (c.tokens ?? 0), 0), [costInputs]);
  const running = batch.state === 'running';
  const now = useNow(running);
  const progress = batchProgress(batch, now);
  const wait = Math.ceil(((batch.pausedUntil ?? 0) - now) / 1000);
  // Another tab runs it (src/lib/run-lock.ts): this one shows it and offers no run
  // controls; its edits are passed to that tab (decision 520).
  const elsewhere = useSyncExternalStore(
    (listener) => runner.subscribe(listener),
    () => runner.runningElsewhere(batch.id),
  );
  // A tab of another build (not reloaded since an update) cannot be told this tab's edits, nor tell its own.
  const otherBuild = useSyncExternalStore(
    (listener) => runner.subscribe(listener),
    () => runner.otherBuild,
  );

  function run() {
    const { book } = usePricesStore.getState();
    const found = checkCaps(book, sumCosts(book, costInputs), spentOnDay(book, registry.list()));
    if (found) setBreach(found);
    else runner.start(batch);
  }

  function exported() {
    const { book } = usePricesStore.getState();
    return exportRows(batch, (i) => {
      const id = batch.rows[i]!.taskId;
      const task = id ? registry.get(id) : undefined;
      return task ? trackedTaskCost(book, task)?.amount : undefined;
    });
  }
  const fileName = (ext: string) => `${(batch.name || batch.id).replace(/[^\w.-]+/g, '-')}.${ext}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('run.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm" data-testid="batch-counts">
          {/* Once rows are sent, they are counted too: else the parts do not add up to the rows. */}
          {sent > 0
            ? t('run.countsSent', { count: batch.rows.length, sent, ready: toSend.length, bad, dropped })
            : t('run.counts', { count: batch.rows.length, ready: toSend.length, bad, dropped })}
        </p>
        {/* A music or digital-human task's tokens are reported once it ends (the specification's usage): a 0 would mislead. */}
        {batch.kind !== 'video' ? (
          <p className="text-sm text-muted-foreground" data-testid="batch-tokens">
            {t(batch.kind === 'music' ? 'run.tokensMusic' : 'run.tokensDigitalHuman')}
          </p>
        ) : (
          <p className="text-sm">
            <span className="text-muted-foreground">{t('run.tokens')}: </span>
            <output className="font-medium tabular-nums" data-testid="batch-tokens">
              {tokens.toLocaleString()}
            </output>
          </p>
        )}
        <MoneyEstimate inputs={costInputs} testId="batch-money" />
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="batch-concurrency">{t('run.concurrency')}</Label>
            <Input
              id="batch-concurrency"
              type="number"
              min={MIN_CONCURRENCY}
              max={MAX_CONCURRENCY}
              fill={false}
              className="w-24"
              value={batch.concurrency}
              onChange={(e) =>
                runner.edit(batch.id, (b) => ({
                  ...b,
                  concurrency: clampConcurrency(Number(e.target.value)),
                }))
              }
            />
          </div>
          {elsewhere ? null : running ? (
            <Button type="button" variant="outline" onClick={() => runner.pause(batch.id)}>
              {t('run.pause')}
            </Button>
          ) : batch.state === 'draft' ? (
            <Button type="button" onClick={run} disabled={bad > 0 || toSend.length === 0}>
              {t('run.start', { count: toSend.length })}
            </Button>
          ) : (
            progress.left > 0 && (
              <Button type="button" onClick={() => runner.resume(batch.id)} disabled={bad > 0}>
                {t('run.resume')}
              </Button>
            )
          )}
          {!running && !elsewhere && progress.failed > 0 && (
            <Button type="button" variant="outline" onClick={() => runner.retryFailed(batch.id)}>
              <RotateCcw aria-hidden="true" /> {t('run.retry', { count: progress.failed })}
            </Button>
          )}
        </div>
        {elsewhere && (
          <p role="status" className="text-sm" data-testid="batch-elsewhere">
            {t(runner.tellsOtherTabs ? 'run.elsewhere' : 'run.elsewhereAlone')}
          </p>
        )}
        {otherBuild && (
          <p role="alert" className="text-sm text-destructive" data-testid="batch-other-build">
            {t(`run.otherBuild.${otherBuild}`)}
          </p>
        )}
        {bad > 0 && <p className="text-sm text-destructive">{t('run.fixFirst', { count: bad })}</p>}
        {batch.state === 'stopped' && batch.stopReason && (
          <p role="alert" className="text-sm text-destructive" data-testid="batch-stopped">
            {t(`run.stopped.${batch.stopReason}`)}
          </p>
        )}
        {running && wait > 0 && (
          <p role="status" className="text-sm" data-testid="batch-rate-limited">
            {t('run.rateLimited', { seconds: wait })}
          </p>
        )}
        {batch.state !== 'draft' && (
          <div className="grid gap-1.5">
            <Progress
              value={progress.total ? ((progress.done + progress.failed) / progress.total) * 100 : 0}
              label={t('run.progressLabel')}
            />
            <p className="text-sm tabular-nums" data-testid="batch-progress">
              {t(`state.${batch.state}`)} ·{' '}
              {t('run.progress', {
                done: progress.done,
                running: progress.running,
                failed: progress.failed,
                left: progress.left,
              })}
              {/* Paused or stopped, nothing is sent: there is no pace to tell a time by. */}
              {running &&
                progress.timeLeft !== undefined &&
                ` · ${t('run.timeLeft', { minutes: Math.max(1, Math.round(progress.timeLeft / 60_000)) })}`}
            </p>
          </div>
        )}
        {batch.state !== 'draft' && (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => download(exportCsv(exported(), batch.headers), fileName('csv'), 'text/csv')}
            >
              <Download aria-hidden="true" /> {t('run.exportCsv')}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                download(
                  JSON.stringify({ batch: batch.id, name: batch.name, rows: exported() }, null, 2),
                  fileName('json'),
                  'application/json',
                )
              }
            >
              <Download aria-hidden="true" /> {t('run.exportJson')}
            </Button>
          </div>
        )}
        {batch.state !== 'draft' && <BatchSaveAssets batch={batch} runner={runner} />}
        <CapDialog
          breach={breach}
          onAnswer={(send) => {
            setBreach(null);
            if (send) runner.start(batch);
          }}
        />
      </CardContent>
    </Card>
  );
}
