import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { DEFAULT_GROUP_ID } from '@contract/group';
import type { ControlProps } from '@/components/form/field';
import { Select } from '@/components/ui/select';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';
import { Field } from './filter-field';

/**
 * Groups by name; the current group is always an option, even past the first 100 groups. Until the
 * list is there (or while `load` is false) the current group is the one option, in a box of fixed
 * width: the names that arrive later neither widen it nor move what is beside it.
 */
export function GroupSwitcher({
  value,
  onChange,
  label,
  load = true,
  control,
}: {
  value: string;
  onChange: (group: string) => void;
  label?: string;
  /** False while the list may not be asked for yet (the library: until its data has painted). */
  load?: boolean;
  /** Its id and problem state, in a form (the form kit's controlProps). */
  control?: ControlProps;
}) {
  const { t } = useTranslation('assets');
  const ownId = useId();
  const id = control?.id ?? ownId;
  // A cached list shows even while `load` is false: only the request waits.
  const groups = useQuery({ ...groupQueries.list(), enabled: load });
  // A group record that could not be read has no id to select.
  const options = (groups.data?.data ?? []).filter((g) => !g.unreadable);
  const known = options.some((g) => g.id === value);
  return (
    <Field id={id} label={label ?? t('filters.group')}>
      <Select {...control} id={id} value={value} onChange={(e) => onChange(e.target.value)} className="w-44">
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
