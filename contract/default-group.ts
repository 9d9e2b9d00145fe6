/**
 * Every API key has this group; GET /v1/assets without group_id reads it (LOCAL_API.md). On its
 * own, without the schema library, for the dashboard's early script (decision 245).
 */
export const DEFAULT_GROUP_ID = 'grp_default';
