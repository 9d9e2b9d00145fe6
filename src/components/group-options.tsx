import { useQuery } from '@tanstack/react-query';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';

/**
 * The `<option>`s of a group select: the default group first (listed even before the server has
 * created it), every group by name, and the selected id itself when it is in no list (a loaded
 * request, a link), so the select never shows another group than the one in use.
 *
 * One keyed list, so that the selected id's option is the same element before and after the list
 * arrives: this component re-renders on its own query, not the `<select>` around it, and React only
 * re-applies a select's value when the select itself renders. An unkeyed stand-in removed and
 * replaced by the listed one left the browser selecting the first option ("Default group") while
 * the picker read the remembered group.
 */
export function GroupOptions({ value }: { value: string }) {
  const { t } = useTranslation();
  const groups = useQuery(groupQueries.list());
  // A group record that could not be read has no id to select.
  const listed = (groups.data?.data ?? []).filter((g) => !g.unreadable);
  const options = [
    ...(listed.some((g) => g.id === DEFAULT_GROUP_ID) ? [] : [{ id: DEFAULT_GROUP_ID, name: '' }]),
    ...listed.map((g) => ({ id: g.id, name: g.name })),
  ];
  if (!options.some((g) => g.id === value)) options.push({ id: value, name: '' });
  return (
    <>
      {options.map((g) => (
        <option key={g.id} value={g.id}>
          {g.id === DEFAULT_GROUP_ID ? t('groupSelect.default') : g.name || g.id}
        </option>
      ))}
    </>
  );
}
