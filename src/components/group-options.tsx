import { useQuery } from '@tanstack/react-query';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';

/**
 * The `<option>`s of a group select: the default group first (listed even before the server has
 * created it), every group by name, and the selected id itself when it is in no list (a loaded
 * request, a link), so the select never shows another group than the one in use.
 */
export function GroupOptions({ value }: { value: string }) {
  const { t } = useTranslation();
  const groups = useQuery(groupQueries.list());
  // A group record that could not be read has no id to select.
  const options = (groups.data?.data ?? []).filter((g) => !g.unreadable);
  return (
    <>
      {!options.some((g) => g.id === DEFAULT_GROUP_ID) && (
        <option value={DEFAULT_GROUP_ID}>{t('groupSelect.default')}</option>
      )}
      {options.map((g) => (
        <option key={g.id} value={g.id}>
          {g.id === DEFAULT_GROUP_ID ? t('groupSelect.default') : g.name || g.id}
        </option>
      ))}
      {value !== DEFAULT_GROUP_ID && !options.some((g) => g.id === value) && (
        <option value={value}>{value}</option>
      )}
    </>
  );
}
