/*
 * The asset enumerations on their own, without the schema library: the dashboard's early script
 * (src/early.ts, decision 245) reads the library's filters with them and must stay tiny.
 */

export const ASSET_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_STATUSES = ['created', 'syncing', 'ready', 'failed', 'disabled'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
