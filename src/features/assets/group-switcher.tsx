import { useId } from 'react';
import type { ControlProps } from '@/components/form/field';
import { Select } from '@/components/ui/select';
import { GroupOptions } from '@/components/group-options';
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
  return (
    <Field id={id} label={label ?? t('filters.group')}>
      <Select {...control} id={id} value={value} onChange={(e) => onChange(e.target.value)} className="w-44">
        <GroupOptions value={value} load={load} />
      </Select>
    </Field>
  );
}
