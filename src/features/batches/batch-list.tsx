import { useQueryClient } from '@tanstack/react-query';
import { Plus, Table2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTaskRegistry } from '@/api/task-registry-context';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { onBatchesChanged } from './batch-delete';
import { DeleteBatchDialog, type DeleteTarget } from './batch-delete-dialog';
import { emptyBatch } from './batch-model';
import { batchRunner } from './batch-session';
import { listBatches, saveBatch, type BatchSummary } from './batch-storage';

/** How often the list reads the summaries again while a run in this tab changes them. */
const REREAD_MS = 1000;
/** How often it reads them while a batch runs, maybe in another tab (whose writes this tab does not hear). */
const RUNNING_REREAD_MS = 3000;

/**
 * The batches' summaries, newest change first, read again when one is deleted or restored here,
 * when a run of this tab (or a deletion heard from another tab) changes its runner, at most once
 * a second, every few seconds while one is running, and when the page is shown again.
 */
function useBatchSummaries(): BatchSummary[] | null {
  const registry = useTaskRegistry();
  const client = useQueryClient();
  const [batches, setBatches] = useState<BatchSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      void listBatches()
        .catch(() => [])
        .then((b) => live && setBatches(b));
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        read();
      }, REREAD_MS);
    };
    const onShown = () => document.visibilityState === 'visible' && read();
    read();
    const unchanged = onBatchesChanged(read);
    const unrun = batchRunner(registry, client).subscribe(soon);
    document.addEventListener('visibilitychange', onShown);
    return () => {
      live = false;
      clearTimeout(timer);
      unchanged();
      unrun();
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [registry, client]);
  const running = batches?.some((b) => b.state === 'running') ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () =>
        void listBatches()
          .then(setBatches)
          .catch(() => undefined),
      RUNNING_REREAD_MS,
    );
    return () => clearInterval(timer);
  }, [running]);
  return batches;
}

export const deleteTargetOf = (b: BatchSummary): DeleteTarget => ({
  id: b.id,
  name: b.name,
  rows: b.rows,
  running: b.state === 'running',
});

export function BatchList() {
  const { t } = useTranslation('batches');
  const navigate = useNavigate();
  const batches = useBatchSummaries();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  async function create() {
    const batch = { ...emptyBatch(), name: t('untitled') };
    await saveBatch(batch);
    void navigate(`/batches/${batch.id}`);
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => void create()}>
            <Plus aria-hidden="true" /> {t('new')}
          </Button>
        }
      />
      {batches && batches.length === 0 && (
        <EmptyState icon={Table2} title={t('empty.title')} description={t('empty.description')} />
      )}
      {batches && batches.length > 0 && (
        <ul className="grid gap-2" aria-label={t('listLabel')}>
          {batches.map((b) => (
            <BatchListItem key={b.id} batch={b} onDelete={() => setDeleting(deleteTargetOf(b))} />
          ))}
        </ul>
      )}
      <DeleteBatchDialog target={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function BatchListItem({ batch: b, onDelete }: { batch: BatchSummary; onDelete: () => void }) {
  const { t, i18n } = useTranslation('batches');
  const name = b.name.trim() || t('untitled');
  const running = b.state === 'running';
  return (
    <li data-testid="batch-list-item" data-state={b.state}>
      <Card className={running ? 'border-success/50' : undefined}>
        <CardContent standalone className="flex items-center gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <Link
                to={`/batches/${encodeURIComponent(b.id)}`}
                className="truncate font-medium underline-offset-2 hover:underline"
              >
                {name}
              </Link>
              <Badge variant={running ? 'success' : b.state === 'stopped' ? 'warning' : 'muted'}>
                {running && (
                  <span
                    aria-hidden="true"
                    className="size-1.5 rounded-full bg-current motion-safe:animate-pulse"
                  />
                )}
                {t(`state.${b.state}`)}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              {t('listRows', { count: b.rows })}
              {b.state !== 'draft' && <> · {t('listProgress', { ...b })}</>} ·{' '}
              <time
                dateTime={new Date(b.updatedAt).toISOString()}
                title={formatDateMs(b.updatedAt, i18n.language, 'full')}
              >
                {t('changed', { date: formatDateMs(b.updatedAt, i18n.language) })}
              </time>
            </p>
          </div>
          <Button
            variant="ghost-destructive"
            size="icon"
            aria-label={t('deleteNamed', { name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}
