import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FileSearch, ListChecks } from 'lucide-react';
import { assetQueries } from '@/api/assets';
import { useTrackedTasks } from '@/api/task-registry-context';
import { useTranslation } from '@/lib/i18n';
import { GROUP_HEADING, Item } from './palette-item';
import { isAssetIdQuery, isTaskIdQuery } from './palette-ids';

/** Enough recent tasks to find one by prompt; more would slow cmdk's filtering for nothing. */
const RECENT_TASKS = 50;

interface ResultProps {
  /** What was typed, trimmed. */
  query: string;
  /** The group in view ('' for the default), as a search parameter of asset URLs. */
  groupSearch: string;
  go: (to: string) => void;
}

const assetPath = (id: string, groupSearch: string) =>
  `/assets/${encodeURIComponent(id)}${groupSearch ? `?${groupSearch}` : ''}`;

/** A pasted task or asset id opens it directly, whether or not it is in any list. */
export function OpenById({ query, groupSearch, go }: ResultProps) {
  const { t } = useTranslation('palette');
  const tasks = useTrackedTasks();
  // A tracked task whose id starts with what was typed is listed with its prompt under Tasks:
  // "Open task <partial id>" above it would lead to an id that does not exist.
  const trackedMatch = isTaskIdQuery(query) && tasks.some((task) => task.id.startsWith(query));
  return (
    <>
      {(isTaskIdQuery(query) && !trackedMatch) || isAssetIdQuery(query) ? (
        <Command.Group heading={t('palette.openById')} className={GROUP_HEADING} forceMount>
          {isTaskIdQuery(query) && !trackedMatch ? (
            <Item
              value={t('palette.openTask', { id: query })}
              keywords={[query]}
              icon={<ListChecks aria-hidden="true" className="size-4" />}
              onSelect={() => go(`/tasks/${encodeURIComponent(query)}`)}
            >
              {t('palette.openTask', { id: query })}
            </Item>
          ) : (
            <Item
              value={t('palette.openAsset', { id: query })}
              keywords={[query]}
              icon={<FileSearch aria-hidden="true" className="size-4" />}
              onSelect={() => go(assetPath(query, groupSearch))}
            >
              {t('palette.openAsset', { id: query })}
            </Item>
          )}
        </Command.Group>
      ) : null}
    </>
  );
}

/** Assets of the group in view and recent tracked tasks, found by name, prompt or id. */
export function FoundItems({ query, groupSearch, go, group }: ResultProps & { group: string }) {
  const { t } = useTranslation('palette');
  const assets = useQuery({
    ...assetQueries.list({ group, page: 1, pageSize: 100 }),
    refetchInterval: false,
  });
  const tasks = useTrackedTasks();
  const recentTasks = [...tasks].sort((a, b) => b.createdAt - a.createdAt).slice(0, RECENT_TASKS);
  return (
    <>
      {query && assets.data?.data.length ? (
        <Command.Group heading={t('palette.assets')} className={GROUP_HEADING}>
          {assets.data.data.map((asset) => (
            <Item
              key={asset.id}
              value={`asset ${asset.name ?? ''} ${asset.id}`}
              keywords={[asset.id, asset.type ?? '']}
              icon={<FileSearch aria-hidden="true" className="size-4" />}
              onSelect={() => go(assetPath(asset.id, groupSearch))}
            >
              {asset.name || asset.id}
              <span className="ml-2 font-mono text-xs text-muted-foreground">{asset.id}</span>
            </Item>
          ))}
        </Command.Group>
      ) : null}

      {query && recentTasks.length ? (
        <Command.Group heading={t('palette.tasks')} className={GROUP_HEADING}>
          {recentTasks.map((task) => (
            <Item
              key={task.id}
              value={`task ${task.prompt ?? ''} ${task.id}`}
              keywords={[task.id, task.model ?? '']}
              icon={<ListChecks aria-hidden="true" className="size-4" />}
              onSelect={() => go(`/tasks/${encodeURIComponent(task.id)}`)}
            >
              {task.prompt || task.id}
              <span className="ml-2 font-mono text-xs text-muted-foreground">{task.id}</span>
            </Item>
          ))}
        </Command.Group>
      ) : null}
    </>
  );
}
