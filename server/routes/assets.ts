import { Hono, type Context } from 'hono';
import { AssetListFiltersSchema, RegisterAssetByUrlSchema } from '@contract/asset-schemas';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { isJsonContentType, json, requestOrigin } from '../http';
import { isMultipart } from '../middleware/body-limit';
import { validJson } from '../middleware/validate';
import { toAssetObject, type AssetRow } from '../services/assets/asset-object';
import { registerByUrl } from '../services/assets/asset-registration';
import { registerUpload } from '../services/assets/asset-upload';
import { findAssetInGroup, listGroupAssets } from '../services/groups';
import { parseOrThrow } from '../validation';
import { listEnvelope, paging, queryValues } from './list-query';

type C = Context<AppEnv>;

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
    const { rows, total } = listGroupAssets(ctx, owner, { ...filters, page, pageSize });
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

  // Two bodies on one path: a multipart upload is answered by the first handler; anything else
  // must be JSON, judged by the contract schema like every JSON body.
  app.post('/v1/assets/uploads', async (c, next) => {
    const contentType = c.req.header('content-type');
    if (isMultipart(contentType)) return show(c, await registerUpload(ctx, c.var.owner, c.req.raw));
    if (contentType && !isJsonContentType(contentType)) {
      throw new ApiError(
        415,
        `Content-Type "${contentType}" is not accepted here. Send JSON (application/json) with a public url, ` +
          'or multipart/form-data with a file part named `file`.',
        { code: 'unsupported_media_type' },
      );
    }
    await next();
  });
  app.post('/v1/assets/uploads', validJson(RegisterAssetByUrlSchema), async (c) =>
    show(c, await registerByUrl(ctx, c.var.owner, c.req.valid('json'))),
  );

  app.get('/v1/assets/:asset_id', (c) => {
    const query = queryValues(c);
    return show(c, findAssetInGroup(ctx, c.var.owner, c.req.param('asset_id'), query.group_id));
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
    return show(c, findAssetInGroup(ctx, c.var.owner, query.asset_id, query.group_id));
  });

  return app;
}
