import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfterAssetCreated, registerAssetByUrl } from '@/api/assets';
import { createGroup, invalidateAfterGroupCreated } from '@/api/group-mutations';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import { checkRow, taskKindOf } from './batch-check';
import type { Batch, BatchRow } from './batch-model';
import type { BatchRunner } from './batch-runner';

/** What a row's result is: a music track or a digital human's speech is audio, the rest video. */
function resultType(batch: Batch, row: BatchRow): 'audio' | 'video' {
  if (batch.kind === 'music') return 'audio';
  if (batch.kind !== 'digital_human') return 'video';
  return taskKindOf(batch.kind, checkRow(batch, row.cells).body) === 'digital_human_audio'
    ? 'audio'
    : 'video';
}

/**
 * The results, registered by URL as video or audio assets into a new group of the person's naming. One at
 * a time, each remembered on its row: after a failure, saving again goes on with the rest.
 */
export function BatchSaveAssets({ batch, runner }: { batch: Batch; runner: BatchRunner }) {
  const { t } = useTranslation('batches');
  const client = useQueryClient();
  const [name, setName] = useState(() => batch.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [groupId, setGroupId] = useState<string | undefined>();
  const unsaved = batch.rows.filter((r) => r.state === 'succeeded' && r.resultUrl && !r.assetId);
  const saved = batch.rows.filter((r) => r.assetId).length;
  if (unsaved.length === 0 && saved === 0) return null;

  async function save() {
    setBusy(true);
    setError(null);
    try {
      let group = groupId;
      if (!group) {
        group = (await createGroup({ name: name.trim() }))?.id;
        if (!group) throw new Error(t('assets.noGroupId'));
        setGroupId(group);
        await invalidateAfterGroupCreated(client);
      }
      for (const row of unsaved) {
        const n = batch.rows.indexOf(row) + 1;
        const asset = await registerAssetByUrl({
          url: row.resultUrl!,
          type: resultType(batch, row),
          mode: 'both',
          group_id: group,
          name: t('assets.assetName', { name: batch.name || batch.id, n }),
        });
        runner.edit(batch.id, (b) => ({
          ...b,
          rows: b.rows.map((r) => (r.key === row.key ? { ...r, assetId: asset.id } : r)),
        }));
      }
      await invalidateAfterAssetCreated(client, group);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2 border-t pt-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="batch-asset-group">{t('assets.group')}</Label>
          <Input
            id="batch-asset-group"
            value={name}
            disabled={busy || groupId !== undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={busy || unsaved.length === 0 || !name.trim()}
          onClick={() => void save()}
        >
          {t('assets.save', { count: unsaved.length })}
        </Button>
      </div>
      {saved > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="batch-assets-saved">
          {t('assets.saved', { count: saved })}
        </p>
      )}
      {error ? <ErrorAlert error={error} title={t('assets.failed')} /> : null}
    </div>
  );
}
