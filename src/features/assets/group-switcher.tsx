import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { Select } from '@/components/ui/select';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';
import { Field } from './filter-field';

/** Groups by name; the current group is always an option, even past the first 100 groups. */
export function GroupSwitcher({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (group: string) => void;
  label?: string;
}) {
  const { t } = useTranslation('assets');
  const id = useId();
  const groups = useQuery(groupQueries.list());
  // A group record that could not be read has no id to select.
  const options = (groups.data?.data ?? []).filter((g) => !g.unreadable);
  const known = options.some((g) => g.id === value);
  return (
    <Field id={id} label={label ?? t('filters.group')}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="min-w-44">
        {!options.some((g) => g.id === DEFAULT_GROUP_ID) && (
          <option value={DEFAULT_GROUP_ID}>{t('filters.defaultGroup')}</option>
        )}
        {options.map((g) => (
          <option key={g.id} value={g.id}>
            {g.id === DEFAULT_GROUP_ID ? t('filters.defaultGroup') : g.name || g.id}
          </option>
        ))}
        {!known && value !== DEFAULT_GROUP_ID && <option value={value}>{value}</option>}
      </Select>
    </Field>
  );
}
