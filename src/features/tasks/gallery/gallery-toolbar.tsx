import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { TRACKED_TASK_KINDS } from '@/api/task-registry';
import { STATE_FILTERS } from '../task-display';
import type { GalleryFilters } from './gallery-filters';

/** Kind, model, state and date range: each change rewrites the URL (a filtered view is a link). */
export function GalleryToolbar({
  filters,
  models,
  onChange,
}: {
  filters: GalleryFilters;
  models: string[];
  onChange: (patch: Partial<GalleryFilters>) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <div
      role="group"
      aria-label={t('gallery.filters')}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5"
    >
      <div className="space-y-1">
        <Label htmlFor="gallery-kind">{t('gallery.kind')}</Label>
        <Select
          id="gallery-kind"
          value={filters.kind}
          onChange={(e) => onChange({ kind: e.target.value as GalleryFilters['kind'] })}
        >
          <option value="">{t('gallery.all')}</option>
          {TRACKED_TASK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="gallery-model">{t('gallery.model')}</Label>
        <Select
          id="gallery-model"
          value={filters.model}
          onChange={(e) => onChange({ model: e.target.value })}
        >
          <option value="">{t('gallery.all')}</option>
          {[...new Set([...models, ...(filters.model ? [filters.model] : [])])].map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="gallery-state">{t('gallery.stateLabel')}</Label>
        <Select
          id="gallery-state"
          value={filters.state}
          onChange={(e) => onChange({ state: e.target.value as GalleryFilters['state'] })}
        >
          <option value="">{t('gallery.all')}</option>
          {STATE_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`gallery.state.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="gallery-from">{t('gallery.from')}</Label>
        <Input
          id="gallery-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="gallery-to">{t('gallery.to')}</Label>
        <Input
          id="gallery-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
    </div>
  );
}
