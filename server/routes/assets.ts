import { Hono, type Context } from 'hono';
import { AssetDetailQuerySchema, AssetGetQuerySchema, AssetListQuerySchema } from '@contract/query-schemas';
import { RegisterAssetByUrlSchema } from '@contract/asset-schemas';
import { assetUploadFormSchema } from '@contract/upload-forms';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { isJsonContentType, json, requestOrigin } from '../http';
import { isMultipart } from '../middleware/body-limit';
import { validForm, validJson, validQuery } from '../middleware/validate';
import { toAssetObject, type AssetRow } from '../services/assets/asset-object';
import { registerByUrl } from '../services/assets/asset-registration';
import { receiveAssetUpload, registerUpload } from '../services/assets/asset-upload';
import type { MultipartFile } from '../services/multipart-upload';
import { findAssetInGroup, listGroupAssets } from '../services/groups';
import { listEnvelope, paging } from './list-query';
import { quoted } from '@contract/quoted';

type C = Context<AppEnv>;

export function assetRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const show = (c: C, row: AssetRow) => json(c, toAssetObject(row, requestOrigin(c), ctx.log));

  app.get('/v1/assets', validQuery(AssetListQuerySchema), (c) => {
    const query = c.req.valid('query');
    const { page, pageSize } = paging(query);
    const { rows, total } = listGroupAssets(ctx, c.var.owner, { ...query, page, pageSize });
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

  // Two bodies on one path: a multipart upload is answered by the first handler, its form judged
  // at this edge like every body; anything else must be JSON, judged by the contract schema.
  const uploadForm = validForm(assetUploadFormSchema<MultipartFile>(), (c) =>
    receiveAssetUpload(ctx, c.req.raw),
  );
  const multipartUpload: typeof uploadForm = (c, next) =>
    isMultipart(c.req.header('content-type')) ? uploadForm(c, next) : next();
  app.post('/v1/assets/uploads', multipartUpload, async (c, next) => {
    const contentType = c.req.header('content-type');
    if (isMultipart(contentType)) return show(c, await registerUpload(ctx, c.var.owner, c.req.valid('form')));
    if (contentType && !isJsonContentType(contentType)) {
      throw new ApiError(
        415,
        `Content-Type ${quoted(contentType)} is not accepted here. Send JSON (application/json) with a public url, ` +
          'or multipart/form-data with a file part named `file`.',
        { code: 'unsupported_media_type' },
      );
    }
    await next();
  });
  app.post('/v1/assets/uploads', validJson(RegisterAssetByUrlSchema), async (c) =>
    show(c, await registerByUrl(ctx, c.var.owner, c.req.valid('json'))),
  );

  app.get('/v1/assets/:asset_id', validQuery(AssetDetailQuerySchema), (c) =>
    show(c, findAssetInGroup(ctx, c.var.owner, c.req.param('asset_id'), c.req.valid('query').group_id)),
  );

  // Compatibility entry of the specification (Versioning): the same object as the /v1 detail.
  app.get('/api/asset/get', validQuery(AssetGetQuerySchema), (c) => {
    const { asset_id, group_id } = c.req.valid('query');
    return show(c, findAssetInGroup(ctx, c.var.owner, asset_id, group_id));
  });

  return app;
}
