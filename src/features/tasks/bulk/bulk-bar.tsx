import { RotateCcw, Trash2, WandSparkles, X } from 'lucide-react';
import { useId } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import { isActive, isFailed } from './bulk-plan';
import type { BulkAction } from './bulk-dialog';

/**
 * Above the monitor's list: select every task the search matched, and what to do with the selected
 * ones. Each action opens BulkDialog, which counts, prices and asks.
 */
export function BulkBar({
  shown,
  selected,
  selectedIds,
  onSelectAll,
  onClear,
  onAction,
}: {
  shown: readonly TrackedTask[];
  /** The ticked tasks the list shows, in its order: what every action acts on. */
  selected: readonly TrackedTask[];
  selectedIds: ReadonlySet<string>;
  onSelectAll: (on: boolean) => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const shownSelected = shown.length > 0 && shown.every((task) => selectedIds.has(task.id));
  const ids = selected.map((task) => task.id);
  const failed = selected.filter(isFailed).map((task) => task.id);
  const running = selected.filter(isActive).length;
  return (
    <div
      role="toolbar"
      aria-label={t('bulk.label')}
      className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm"
    >
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={shownSelected ? true : selected.length > 0 ? 'indeterminate' : false}
          disabled={shown.length === 0}
          onCheckedChange={(on) => onSelectAll(on === true)}
        />
        <Label htmlFor={id}>{t('bulk.selectAll', { count: shown.length })}</Label>
      </div>
      {selected.length > 0 && (
        <>
          <span className="border-l px-2 font-medium" aria-live="polite">
            {t('bulk.selected', { count: selected.length })}
          </span>
          <div className="flex flex-wrap items-center gap-1">
            <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'rerun', ids })}>
              <RotateCcw aria-hidden /> {t('bulk.rerun', { count: ids.length })}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'rerunEdit', ids })}>
              <WandSparkles aria-hidden /> {t('bulk.rerunEdit')}
            </Button>
            {failed.length > 0 && failed.length < ids.length && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAction({ kind: 'retryFailed', ids: failed })}
              >
                <RotateCcw aria-hidden /> {t('bulk.retryFailed', { count: failed.length })}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'forget', ids })}>
              <Trash2 aria-hidden /> {t('bulk.forget', { count: ids.length })}
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear}>
              <X aria-hidden /> {t('bulk.clear')}
            </Button>
          </div>
          {running > 0 && (
            <p className="w-full text-xs text-muted-foreground">{t('bulk.noCancel', { count: running })}</p>
          )}
        </>
      )}
    </div>
  );
}
