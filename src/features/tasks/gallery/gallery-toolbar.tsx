import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { TRACKED_TASK_KINDS } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import { RATING_FILTERS } from '../ratings/ratings-store';
import { STATE_FILTERS } from '../task-display';
import type { GalleryFilters } from './gallery-filters';

/** One labelled filter: "All" (the empty value) and then the given options. */
function FilterSelect({
  field,
  label,
  value,
  options,
  onChange,
}: {
  field: 'kind' | 'model' | 'state' | 'rated';
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <div className="space-y-1">
      <Label htmlFor={`gallery-${field}`}>{label}</Label>
      <Select id={`gallery-${field}`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('gallery.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** One end of the date range, bounded by the other end. */
function DateFilter(props: {
  field: 'from' | 'to';
  label: string;
  value: string;
  other: string;
  onChange: (value: string) => void;
}) {
  const bound = props.other || undefined;
  return (
    <div className="space-y-1">
      <Label htmlFor={`gallery-${props.field}`}>{props.label}</Label>
      <Input
        id={`gallery-${props.field}`}
        type="date"
        value={props.value}
        min={props.field === 'to' ? bound : undefined}
        max={props.field === 'from' ? bound : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

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
  // A model named in the URL stays selectable even when no tracked task has it any more.
  const modelOptions = [...new Set([...models, ...(filters.model ? [filters.model] : [])])];
  return (
    <div
      role="group"
      aria-label={t('gallery.filters')}
      // Six filters: two rows of three, or one row of six; five a row left "To" alone on a second.
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6"
    >
      <FilterSelect
        field="kind"
        label={t('gallery.kind')}
        value={filters.kind}
        options={TRACKED_TASK_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        onChange={(kind) => onChange({ kind: kind as GalleryFilters['kind'] })}
      />
      <FilterSelect
        field="model"
        label={t('gallery.model')}
        value={filters.model}
        options={modelOptions.map((m) => ({ value: m, label: m }))}
        onChange={(model) => onChange({ model })}
      />
      <FilterSelect
        field="state"
        label={t('gallery.stateLabel')}
        value={filters.state}
        options={STATE_FILTERS.map((s) => ({ value: s, label: t(`gallery.state.${s}`) }))}
        onChange={(state) => onChange({ state: state as GalleryFilters['state'] })}
      />
      <FilterSelect
        field="rated"
        label={t('rating.filter')}
        value={filters.rated}
        options={RATING_FILTERS.map((r) => ({ value: r, label: t(`rating.filters.${r}`) }))}
        onChange={(rated) => onChange({ rated: rated as GalleryFilters['rated'] })}
      />
      <DateFilter
        field="from"
        label={t('gallery.from')}
        value={filters.from}
        other={filters.to}
        onChange={(from) => onChange({ from })}
      />
      <DateFilter
        field="to"
        label={t('gallery.to')}
        value={filters.to}
        other={filters.from}
        onChange={(to) => onChange({ to })}
      />
    </div>
  );
}
