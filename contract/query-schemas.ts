import { z } from 'zod';
import { AssetListFiltersSchema } from './asset-schemas';
import { PaginationQuerySchema } from './pagination';

// Query strings of the asset endpoints and the public resources, in full zod: only the server reads them (pagination.ts),
// through its one validation edge (server/middleware/validate.ts's validQuery).

const ASSET_ID_REQUIRED = 'asset_id is required: GET /api/asset/get?asset_id=asset_…[&group_id=grp_…]';

/** GET /v1/assets: the filters and the paging. */
export const AssetListQuerySchema = z.object({
  ...AssetListFiltersSchema.shape,
  ...PaginationQuerySchema.shape,
});

/** GET /v1/assets/{asset_id}: the group to look in (the default group when omitted). */
export const AssetDetailQuerySchema = z.object({ group_id: AssetListFiltersSchema.shape.group_id });

/** GET /api/asset/get, the specification's compatibility entry: the id is a query parameter. */
export const AssetGetQuerySchema = z.object({
  asset_id: z.string({ error: ASSET_ID_REQUIRED }).trim().min(1, ASSET_ID_REQUIRED),
  group_id: AssetListFiltersSchema.shape.group_id,
});

/** GET /v1/public-resources: an open `type` filter (an unknown one lists nothing). */
export const PublicResourcesQuerySchema = z.object({
  type: z.string().trim().optional(),
});
