import { Copy, Download, FolderInput, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { assetReference } from '@contract/asset';
import { Button } from '@/components/ui/button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { copyableUrl } from './copy-plan';
import type { AssetSelection } from './use-asset-selection';

// Bulk copy: Radix Dialog, needed only once Copy to group is asked for.
const CopyToGroupDialog = lazyWithPreload(() =>
  import('./copy-to-group-dialog').then((m) => m.CopyToGroupDialog),
);

interface SelectionActionsProps {
  selection: AssetSelection;
  group: string;
  targetGroup: string;
  onOpenGroup: (groupId: string) => void;
}

function referenceOf(asset: Asset): string {
  return asset.reference || asset.asset_ref || assetReference(asset.id);
}

/**
 * The bulk actions on a selection. Its own chunk, fetched once something is selected: the library's
 * first route renders only the select-all button and the checkboxes.
 */
export function SelectionActions({ selection, group, targetGroup, onOpenGroup }: SelectionActionsProps) {
  const { t } = useTranslation('assets');
  const [copyOpen, setCopyOpen] = useState(false);
  const { selected } = selection;

  const copyReferences = async () => {
    try {
      await navigator.clipboard.writeText(selected.map(referenceOf).join('\n'));
      notifySuccess(t('selection.referencesCopied', { count: selected.length }));
    } catch (error) {
      notifyError(error, t('selection.copyFailed'));
    }
  };

  const download = () => {
    // One link per file: the browser saves same-origin files and opens others in a tab (it cannot
    // name a cross-origin download). A file without a usable URL is named instead of skipped.
    const missing: string[] = [];
    for (const asset of selected) {
      const url = asset.url || asset.oss_url || asset.source_url;
      if (!url || !/^https?:\/\//i.test(url) || copyableUrl(asset) === 'noUrl') {
        missing.push(asset.name || asset.id);
        continue;
      }
      const link = document.createElement('a');
      link.href = url;
      link.download = asset.name || asset.id;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      document.body.append(link);
      link.click();
      link.remove();
    }
    if (missing.length) notifyError(new Error(t('selection.noFile', { names: missing.join(', ') })));
  };

  return (
    <>
      <Button
        size="sm"
        onClick={() => setCopyOpen(true)}
        onPointerEnter={CopyToGroupDialog.preload}
        onFocus={CopyToGroupDialog.preload}
      >
        <FolderInput aria-hidden /> {t('selection.copyToGroup')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void copyReferences()}>
        <Copy aria-hidden /> {t('selection.copyReferences')}
      </Button>
      <Button variant="outline" size="sm" onClick={download}>
        <Download aria-hidden /> {t('selection.download')}
      </Button>
      <Button variant="ghost" size="sm" onClick={selection.clear} title={t('selection.escHint')}>
        <X aria-hidden /> {t('selection.clear')}
      </Button>
      {copyOpen && (
        <Suspense fallback={<DialogFallback label={t('selection.copyToGroup')} />}>
          <CopyToGroupDialog
            open={copyOpen}
            onOpenChange={setCopyOpen}
            assets={selected}
            fromGroup={group}
            initialTarget={targetGroup}
            onOpenGroup={(groupId) => {
              selection.clear();
              onOpenGroup(groupId);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
