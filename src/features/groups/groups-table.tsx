import { Link } from 'react-router';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { UnreadableItemNotice } from '@/components/unreadable-item';
import type { Group } from '@/api/groups';
import { formatUnixTime } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';

interface GroupsTableProps {
  groups: Group[];
  /** The deployment's own id of its default group, which the specification never names (decision 530). */
  deploymentDefault: string | undefined;
  /** Hovering or focusing an "Edit" link fetches the dialogs' code. */
  onEditIntent: () => void;
}

/** The groups with their counts; below md each row is a card (five columns do not fit a phone). */
export function GroupsTable({ groups, deploymentDefault, onEditIntent }: GroupsTableProps) {
  const { t } = useTranslation('groups');
  const columns = ['name', 'assets', 'id', 'updated', 'actions'] as const;
  return (
    <div className="md:overflow-x-auto md:rounded-md md:border">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground max-md:hidden">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {t(`table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-2">
          {groups.map((group) => (
            <GroupRow
              key={group.id}
              group={group}
              isDefault={group.id === DEFAULT_GROUP_ID || group.id === deploymentDefault}
              onEditIntent={onEditIntent}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GroupRow({
  group,
  isDefault,
  onEditIntent,
}: {
  group: Group;
  isDefault: boolean;
  onEditIntent: () => void;
}) {
  const { t, i18n } = useTranslation('groups');
  if (group.unreadable) {
    return (
      <tr className="border-b last:border-0 max-md:block max-md:rounded-md max-md:border max-md:p-2">
        <td colSpan={99} className="px-3 py-2 max-md:block">
          <UnreadableItemNotice item={group.unreadable} />
        </td>
      </tr>
    );
  }
  const name = isDefault ? t('defaultGroup') : group.name || group.id;
  return (
    <tr className="border-b last:border-0 max-md:block max-md:rounded-md max-md:border max-md:p-2 max-md:last:border">
      <th scope="row" className="px-3 py-2 text-left font-medium max-md:block max-md:p-1">
        <span className="block wrap-anywhere">{name}</span>
        {group.description && (
          <span className="block text-xs font-normal text-muted-foreground wrap-anywhere">
            {group.description}
          </span>
        )}
      </th>
      {/* On a card the column header is not shown: a ::before label says what the number is. */}
      <td
        data-label={`${t('table.assets')}: `}
        className="px-3 py-2 tabular-nums max-md:inline-block max-md:p-1 max-md:before:content-[attr(data-label)]"
      >
        {group.asset_count ?? '—'}
      </td>
      <td className="px-3 py-2 max-md:inline-block max-md:p-1">
        <span className="flex items-center gap-1 font-mono text-xs">
          {group.id}
          <CopyButton value={group.id} aria-label={t('copyId', { name })} />
        </span>
      </td>
      <td className="px-3 py-2 text-xs max-md:block max-md:p-1 max-md:text-muted-foreground">
        {formatUnixTime(group.updated_at, i18n.language)}
      </td>
      <td className="px-3 py-2 max-md:block max-md:p-1">
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/assets?group_id=${encodeURIComponent(group.id)}`}
              aria-label={t('openInLibrary', { name })}
            >
              {t('openInLibraryShort')}
            </Link>
          </Button>
          {!isDefault && (
            <Button asChild variant="ghost" size="sm">
              <Link
                to={`/groups/${encodeURIComponent(group.id)}`}
                aria-label={t('edit.open', { name })}
                onPointerEnter={onEditIntent}
                onFocus={onEditIntent}
              >
                {t('edit.short')}
              </Link>
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
