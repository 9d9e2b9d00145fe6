import { Hono, type Context } from 'hono';
import { AssetListFiltersSchema, RegisterAssetByUrlSchema } from '@contract/asset-schemas';
import { DEFAULT_GROUP_ID } from '@contract/group';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { isJsonContentType, json, readJson } from '../http';
import { isMultipart } from '../middleware/body-limit';
import { type AssetRow, getAssetForOwner, listAssets } from '../store/assets';
import { groupExists } from '../store/groups';
import { requestOrigin, toAssetObject } from '../services/asset-object';
import { registerByUrl, resolveGroup } from '../services/asset-registration';
import { registerUpload } from '../services/asset-upload';
import { parseOrThrow } from '../validation';
import { listEnvelope, paging, queryValues } from './list-query';

type C = Context<AppEnv>;

/**
 * The asset in the group the caller names, or in the default group when none is named
 * (specification, GET /v1/assets/{asset_id} and the group isolation rules; docs/decisions). Another
 * key's asset is not-found like a missing one; the caller's own asset in another group is
 * not-found too, with a message that names its group, since telling the owner leaks nothing.
 */
function findInGroup(
  ctx: AppContext,
  owner: string,
  assetId: string,
  groupParam: string | undefined,
): AssetRow {
  const groupId = groupParam ?? DEFAULT_GROUP_ID;
  if (groupParam !== undefined && !groupExists(ctx.db, owner, groupParam)) {
    throw new ApiError(
      404,
      `Asset group "${groupParam}" was not found. List your groups with GET /v1/asset-groups.`,
      {
        code: 'group_not_found',
        param: 'group_id',
      },
    );
  }
  const row = getAssetForOwner(ctx.db, owner, assetId);
  if (!row) {
    throw new ApiError(404, `Asset "${assetId}" was not found. Check the asset_id (it looks like asset_…).`, {
      code: 'asset_not_found',
      param: 'asset_id',
    });
  }
  if (row.group_id !== groupId) {
    const which =
      groupParam === undefined
        ? `the default group ${DEFAULT_GROUP_ID} (used when group_id is omitted)`
        : `group ${groupId}`;
    throw new ApiError(
      404,
      `Asset "${assetId}" is not in ${which}. It belongs to group ${row.group_id}: pass group_id=${row.group_id}.`,
      {
        code: 'asset_not_found',
        param: 'group_id',
      },
    );
  }
  return row;
}

export function assetRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const show = (c: C, row: AssetRow) => json(c, toAssetObject(row, requestOrigin(c), ctx.log));

  app.get('/v1/assets', (c) => {
    const owner = c.var.owner;
    const query = queryValues(c);
    const filters = parseOrThrow(AssetListFiltersSchema, {
      group_id: query.group_id,
      type: query.type,
      status: query.status,
      domain: query.domain,
    });
    const { page, pageSize } = paging(query);
    const groupId = resolveGroup(ctx, owner, filters.group_id);
    const { rows, total } = listAssets(ctx.db, owner, { ...filters, groupId, page, pageSize });
    const origin = requestOrigin(c);
    return json(
      c,
      listEnvelope(
        rows.map((row) => toAssetObject(row, origin, ctx.log)),
        total,
        page,
        pageSize,
      ),
    );
  });

  app.post('/v1/assets/uploads', async (c) => {
    const owner = c.var.owner;
    const contentType = c.req.header('content-type');
    if (isMultipart(contentType)) return show(c, await registerUpload(ctx, owner, c.req.raw));
    if (contentType && !isJsonContentType(contentType)) {
      throw new ApiError(
        415,
        `Content-Type "${contentType}" is not accepted here. Send JSON (application/json) with a public url, ` +
          'or multipart/form-data with a file part named `file`.',
        { code: 'unsupported_media_type' },
      );
    }
    const body = parseOrThrow(RegisterAssetByUrlSchema, await readJson(c));
    return show(c, await registerByUrl(ctx, owner, body));
  });

  app.get('/v1/assets/:asset_id', (c) => {
    const query = queryValues(c);
    return show(c, findInGroup(ctx, c.var.owner, c.req.param('asset_id'), query.group_id));
  });

  // Compatibility entry of the specification (Versioning): the same object as the /v1 detail.
  app.get('/api/asset/get', (c) => {
    const query = queryValues(c);
    if (!query.asset_id) {
      throw badRequest(
        'asset_id is required: GET /api/asset/get?asset_id=asset_…[&group_id=grp_…]',
        'asset_id',
      );
    }
    return show(c, findInGroup(ctx, c.var.owner, query.asset_id, query.group_id));
  });

  return app;
}
