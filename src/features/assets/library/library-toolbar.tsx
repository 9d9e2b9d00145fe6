import { LayoutGrid, Rows3, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ASSET_DOMAINS, ASSET_STATUSES, ASSET_TYPES } from '@contract/asset';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { Field } from '../filter-field';
import { GroupSwitcher } from '../group-switcher';
import { preloadTable } from '../lazy-table';
import { LIBRARY_PAGING, PAGE_SIZES, type LibrarySearch } from './library-search';

interface ToolbarProps {
  search: LibrarySearch;
  onChange: (patch: Partial<LibrarySearch>) => void;
  /** False until the list may be asked for (GroupSwitcher's `load`). */
  loadGroups: boolean;
}

/** Every control writes to the URL (useLibrarySearch), so a filtered view is a shareable link. */
export function LibraryToolbar({ search, onChange, loadGroups }: ToolbarProps) {
  const { t } = useTranslation('assets');
  const id = useId();
  // On a phone the filters would take a screen before the first asset: folded behind one button.
  const [open, setOpen] = useState(false);
  const active = [search.type, search.status, search.domain].filter(Boolean).length;
  useEffect(() => {
    // A link to the table view: its code comes alongside the list, not after it (lazy-table.ts).
    if (search.view === 'table') preloadTable();
  }, [search.view]);
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t('filters.label')}>
      <GroupSwitcher value={search.group} onChange={(group) => onChange({ group })} load={loadGroups} />
      <Button
        variant="outline"
        size="sm"
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={`${id}-more`}
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden />
        {active ? t('filters.moreActive', { count: active }) : t('filters.more')}
      </Button>
      <div
        id={`${id}-more`}
        className={cn('flex flex-wrap items-end gap-3 max-sm:w-full', !open && 'max-sm:hidden')}
      >
        <Field id={`${id}-type`} label={t('filters.type')}>
          <Select id={`${id}-type`} value={search.type} onChange={(e) => onChange({ type: e.target.value })}>
            <option value="">{t('filters.any')}</option>
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-status`} label={t('filters.status')}>
          <Select
            id={`${id}-status`}
            value={search.status}
            onChange={(e) => onChange({ status: e.target.value })}
          >
            <option value="">{t('filters.any')}</option>
            {ASSET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-domain`} label={t('filters.domain')}>
          <Select
            id={`${id}-domain`}
            value={search.domain}
            onChange={(e) => onChange({ domain: e.target.value })}
          >
            <option value="">{t('filters.any')}</option>
            {/* A domain from a shared link that we do not list is still shown, not silently dropped. */}
            {[...new Set([...ASSET_DOMAINS, search.domain].filter(Boolean))].map((domain) => (
              <option key={domain} value={domain}>
                {t(`domain.${domain}`, { defaultValue: domain })}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-paging`} label={t('filters.paging')}>
          <Select
            id={`${id}-paging`}
            value={search.paging}
            onChange={(e) => onChange({ paging: e.target.value as LibrarySearch['paging'] })}
          >
            {LIBRARY_PAGING.map((mode) => (
              <option key={mode} value={mode}>
                {t(`paging.${mode}`)}
              </option>
            ))}
          </Select>
        </Field>
        {search.paging === 'pages' && (
          <Field id={`${id}-size`} label={t('filters.pageSize')}>
            <Select
              id={`${id}-size`}
              value={String(search.pageSize)}
              onChange={(e) => onChange({ pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <div className="ml-auto flex gap-1" role="group" aria-label={t('view.label')}>
        <Button
          variant={search.view === 'grid' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={search.view === 'grid'}
          onClick={() => onChange({ view: 'grid' })}
        >
          <LayoutGrid aria-hidden /> {t('view.grid')}
        </Button>
        <Button
          variant={search.view === 'table' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={search.view === 'table'}
          onClick={() => onChange({ view: 'table' })}
          onPointerEnter={preloadTable}
          onFocus={preloadTable}
        >
          <Rows3 aria-hidden /> {t('view.table')}
        </Button>
      </div>
    </div>
  );
}
