import { z } from 'zod';
import {
  ASSET_MODES,
  ASSET_STATUSES,
  ASSET_TYPES,
  PREPARATION_STATUSES,
  REVIEW_STATUSES,
  SYNC_STATUSES,
} from './asset';
import { isVideoModel } from './models';

// The strict asset schemas, in full zod: what the local server writes and the request bodies and
// queries it validates. Kept apart from asset.ts so that the browser, which imports asset.ts, never
// pays for full zod.

/** An asset as the local server writes it: every field of the specification's table. */
export const AssetSchema = z.object({
  object: z.literal('asset'),
  id: z.string(),
  asset_id: z.string(),
  group_id: z.string(),
  domain: z.string(),
  type: z.enum(ASSET_TYPES),
  asset_type: z.enum(ASSET_TYPES),
  name: z.string(),
  description: z.string(),
  source_url: z.string(),
  url: z.string(),
  oss_url: z.string(),
  reference: z.string(),
  asset_ref: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  duration: z.number().nonnegative(),
  status: z.enum(ASSET_STATUSES),
  sync_status: z.enum(SYNC_STATUSES),
  preparation_status: z.enum(PREPARATION_STATUSES),
  generation_ready: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  review_passed: z.boolean(),
  sync_error: z.string().optional(),
  visibility: z.string(),
  model: z.string().optional(),
  mode: z.enum(ASSET_MODES).optional(),
  purpose: z.string().optional(),
  role: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  request_id: z.string().optional(),
  trace_id: z.string().optional(),
});
export type Asset = z.infer<typeof AssetSchema>;

const httpUrl = z
  .string({ error: 'url is required: a public http(s) URL of the media' })
  .trim()
  .min(1, 'url is required: a public http(s) URL of the media')
  .refine((u) => {
    try {
      const p = new URL(u);
      return p.protocol === 'http:' || p.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url must be a public http(s) URL, for example https://example.com/cat.png');

const optionalText = (max: number, field: string) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`).optional();

/** JSON body of POST /v1/assets/uploads (register by public URL). */
export const RegisterAssetByUrlSchema = z.object({
  url: httpUrl,
  model: z
    .string({ error: 'model must be a model name such as video-2.0-cl' })
    .trim()
    .min(1, 'model must be a model name such as video-2.0-cl')
    .optional()
    .refine((m) => m === undefined || isVideoModel(m) || /^[a-z0-9][a-z0-9._-]{0,63}$/i.test(m), {
      message: 'model must be a model name such as video-2.0-cl',
    }),
  mode: z.enum(ASSET_MODES, { error: 'mode must be one of asset, oss, both' }).default('asset'),
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  purpose: optionalText(64, 'purpose'),
  role: optionalText(64, 'role'),
  group_id: optionalText(64, 'group_id'),
  name: optionalText(200, 'name'),
  description: optionalText(2000, 'description'),
  domain: optionalText(32, 'domain'),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be a JSON object' }).optional(),
});
export type RegisterAssetByUrl = z.infer<typeof RegisterAssetByUrlSchema>;

/** Form fields of the multipart form of POST /v1/assets/uploads (the file part is `file`). */
export const UploadAssetFieldsSchema = z.object({
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  purpose: optionalText(64, 'purpose'),
  role: optionalText(64, 'role'),
  model: optionalText(64, 'model'),
  group_id: optionalText(64, 'group_id'),
  name: optionalText(200, 'name'),
  description: optionalText(2000, 'description'),
});
export type UploadAssetFields = z.infer<typeof UploadAssetFieldsSchema>;

/** Query of GET /v1/assets, without paging (see PaginationQuerySchema). */
export const AssetListFiltersSchema = z.object({
  group_id: z.string().trim().min(1).optional(),
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  status: z
    .enum(ASSET_STATUSES, { error: 'status must be one of created, syncing, ready, failed, disabled' })
    .optional(),
  domain: z.string().trim().min(1).optional(),
});
export type AssetListFilters = z.infer<typeof AssetListFiltersSchema>;
