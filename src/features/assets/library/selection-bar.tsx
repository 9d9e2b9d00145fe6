import { CheckSquare } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '@/components/ui/button';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { SelectionActions } from '../lazy-parts';
import type { AssetSelection } from './use-asset-selection';

interface SelectionBarProps {
  selection: AssetSelection;
  /** The assets listed on this page (or loaded, when scrolling): what "select all" takes. */
  pageAssets: () => Asset[];
  group: string;
  targetGroup: string;
  onOpenGroup: (groupId: string) => void;
}

/** The selection's count and its bulk actions, in the library's sticky bar. */
export function SelectionBar({ selection, pageAssets, group, targetGroup, onOpenGroup }: SelectionBarProps) {
  const { t } = useTranslation('assets');
  const { selected } = selection;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('selection.label')}>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => selection.selectAll(pageAssets())}
        onPointerEnter={SelectionActions.preload}
        onFocus={SelectionActions.preload}
      >
        <CheckSquare aria-hidden /> {t('selection.selectAllPage')}
      </Button>
      {selected.length > 0 && (
        <>
          <span className="text-sm font-medium" aria-live="polite">
            {t('selection.count', { count: selected.length })}
          </span>
          <Suspense fallback={null}>
            <SelectionActions
              selection={selection}
              group={group}
              targetGroup={targetGroup}
              onOpenGroup={onOpenGroup}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
