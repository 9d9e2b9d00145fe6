import type { Group } from '@contract/group-schemas';
import type { GroupRow } from '../store/groups';
import { toUnixSeconds } from './unix-time';

/** A stored group as the API shows it (LOCAL_API.md, Asset groups). */
export function toGroup(row: GroupRow): Group {
  return {
    object: 'asset_group',
    id: row.id,
    group_id: row.id,
    name: row.name,
    description: row.description,
    asset_count: row.asset_count,
    created_at: toUnixSeconds(row.created_ms),
    updated_at: toUnixSeconds(row.updated_ms),
  };
}
