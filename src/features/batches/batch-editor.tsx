import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTaskRegistry } from '@/api/task-registry-context';
import { useApiKey } from '@/api/connection-store';
import { FormNamespace } from '@/components/form/issue-text';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import type { TemplateVariable } from '@/lib/templates/variables';
import { useBatchAssetLookup } from './batch-assets';
import { checkRowsCached } from './batch-check';
import { DeleteBatchDialog } from './batch-delete-dialog';
import { BatchGrid } from './batch-grid';
import type { Batch } from './batch-model';
import { BatchRequestCard } from './batch-request-card';
import { BatchRunPanel } from './batch-run-panel';
import { batchRunner, openBatch, useRunnerBatch } from './batch-session';
import { deletedAt, summaryOf } from './batch-storage';
import { startFromRequest } from './batch-table';
import { BatchTableCard } from './batch-table-card';

export function BatchEditor({ id }: { id: string }) {
  const { t, i18n } = useTranslation('batches');
  const registry = useTaskRegistry();
  const client = useQueryClient();
  const runner = batchRunner(registry, client);
  const batch = useRunnerBatch(runner, id);
  const [missing, setMissing] = useState(false);
  // A batch not found that this browser deleted: said so, with when (its tombstone keeps the time).
  const [deletedOn, setDeletedOn] = useState<number>();
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    void openBatch(registry, client, id)
      .then((b) => {
        setMissing(!b);
        if (!b) void deletedAt(id).then(setDeletedOn, () => undefined);
      })
      .catch(() => setMissing(true));
  }, [registry, client, id]);
  const secret = useApiKey();
  // A digital human's assets are judged ready or not as the form judges them (batch-assets.ts).
  const lookup = useBatchAssetLookup(batch);
  const checks = useMemo(
    () => (batch ? checkRowsCached(batch, secret, lookup) : []),
    [batch, secret, lookup],
  );

  // Deleted in another tab while open here (or its write found the tombstone): said so, not shown.
  const gone = !batch && runner.deleted(id);
  if ((missing || gone) && !batch)
    return (
      <>
        <PageHeader
          title={gone || deletedOn !== undefined ? t('delete.goneTitle') : t('notFound.title')}
          description={
            gone
              ? t('delete.gone')
              : deletedOn !== undefined
                ? t('delete.goneOn', { date: formatDateMs(deletedOn, i18n.language) })
                : t('notFound.description')
          }
        />
        <div className="flex flex-wrap gap-4">
          <Link to="/batches" className="underline">
            {t('back')}
          </Link>
          {(gone || deletedOn !== undefined) && (
            <Link to="/tasks" className="underline">
              {t('delete.toTasks')}
            </Link>
          )}
        </div>
      </>
    );
  if (!batch) return <Spinner label={t('loading')} size="lg" />;

  const edit = (change: (b: Batch) => Batch) => runner.edit(id, change);
  /** The seam for a saved template (issue 45, section 1): load any request and its variables. */
  const loadRequest = (request: Record<string, unknown>, variables: TemplateVariable[] = []) =>
    edit((b) => startFromRequest(b, request, variables));
  const locked = batch.state === 'running';

  return (
    <FormNamespace.Provider value="composer">
      <PageHeader
        title={batch.name || t('untitled')}
        description={t(
          batch.kind === 'music'
            ? 'editorDescriptionMusic'
            : batch.kind === 'digital_human'
              ? 'editorDescriptionDigitalHuman'
              : 'editorDescription',
        )}
        actions={
          <>
            <Link to="/batches" className="text-sm underline-offset-2 hover:underline">
              {t('allBatches')}
            </Link>
            <Button variant="ghost-destructive" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" /> {t('delete.button')}
            </Button>
          </>
        }
      />
      <DeleteBatchDialog
        target={deleting ? { ...summaryOf(batch), running: locked } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/batches')}
      />
      <div className="grid gap-4">
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="batch-name">{t('name')}</Label>
          <Input
            id="batch-name"
            value={batch.name}
            onChange={(e) => edit((b) => ({ ...b, name: e.target.value }))}
          />
        </div>
        <BatchRequestCard batch={batch} disabled={locked} onChange={edit} startFromRequest={loadRequest} />
        <BatchTableCard batch={batch} disabled={batch.state !== 'draft'} onChange={edit} />
        <BatchRunPanel batch={batch} checks={checks} runner={runner} />
        <BatchGrid batch={batch} checks={checks} onChange={edit} />
      </div>
    </FormNamespace.Provider>
  );
}
