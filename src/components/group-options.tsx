import { useQuery } from '@tanstack/react-query';
import { DEFAULT_GROUP_ID, PAGE_SIZE } from '@contract/list';
import { assetQueries } from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';

export interface GroupOption {
  id: string;
  name?: string;
  /** Shown as the default group, whatever its id. */
  isDefault?: boolean;
}

/**
 * A group select's options: one default entry first, every other listed group, and the selected id
 * itself when it is in no list (a loaded request, a link). The specification never names the
 * default group's id: the dashboard calls it `DEFAULT_GROUP_ID` (lists and uploads then omit
 * `group_id`, which means the default group), and a deployment lists it under its own id
 * (`grp_main`, `default`). Both are the one entry: under the deployment's id only when that is the
 * selected value, so the select never shows another group than the one in use.
 */
export function groupSelectOptions(listed: GroupOption[], value: string, deploymentDefault?: string) {
  const isDefault = (id: string) => id === DEFAULT_GROUP_ID || id === deploymentDefault;
  const options: GroupOption[] = [
    { id: isDefault(value) ? value : DEFAULT_GROUP_ID, isDefault: true },
    ...listed.filter((g) => !isDefault(g.id)),
  ];
  if (!options.some((g) => g.id === value)) options.push({ id: value });
  return options;
}

/**
 * The deployment's own id of its default group: the `group_id` its assets carry in the list asked
 * for without one (GET /v1/assets: "when omitted the default group is queried"). The library's
 * first page when it is cached; undefined until known, or when no asset there names its group.
 */
export function useDeploymentDefaultGroup(enabled = true): string | undefined {
  const baseUrl = useBaseUrl();
  return useQuery({
    // The very key of the library's first page (its filters are '' when unset): asked once.
    ...assetQueries.list({
      baseUrl,
      group: DEFAULT_GROUP_ID,
      type: '',
      status: '',
      domain: '',
      page: 1,
      pageSize: PAGE_SIZE.default,
    }),
    enabled,
    refetchInterval: false,
    select: (list) => list.data.find((a) => a.group_id)?.group_id,
  }).data;
}

/** The listed groups a select offers, with the deployment's default group folded into the one default entry. */
export function useGroupSelectOptions(value: string, load = true) {
  // A cached list shows even while `load` is false: only the request waits.
  const groups = useQuery({ ...groupQueries.list(), enabled: load });
  const deploymentDefault = useDeploymentDefaultGroup(load);
  // A group record that could not be read has no id to select.
  const listed = (groups.data?.data ?? []).filter((g) => !g.unreadable);
  return groupSelectOptions(listed, value, deploymentDefault);
}

/**
 * The `<option>`s of a group select (groupSelectOptions); `load` false holds the requests back.
 *
 * One keyed list, so that the selected id's option is the same element before and after the list
 * arrives: this component re-renders on its own query, not the `<select>` around it, and React only
 * re-applies a select's value when the select itself renders. An unkeyed stand-in removed and
 * replaced by the listed one left the browser selecting the first option ("Default group") while
 * the picker read the remembered group.
 */
export function GroupOptions({ value, load = true }: { value: string; load?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {useGroupSelectOptions(value, load).map((g) => (
        <option key={g.id} value={g.id}>
          {g.isDefault ? t('groupSelect.default') : g.name || g.id}
        </option>
      ))}
    </>
  );
}
