import * as z from 'zod/mini';
import { ASSET_MODES, ASSET_STATUSES, PREPARATION_STATUSES, REVIEW_STATUSES, SYNC_STATUSES } from './asset';
import { boundedJson, METADATA_BOUNDS } from './bounded-json';
import { plainText } from './plain-text';
import { NAME_MAX } from './text-bounds';

// The strict asset schemas: what the local server writes and the request bodies and queries it
// validates. Written with `zod/mini`, like asset.ts, because the browser validates the register form
// with RegisterAssetByUrlSchema and must never pay for full zod.

/** An asset as the local server writes it: every field of the specification's table. */
export const AssetSchema = z.object({
  object: z.literal('asset'),
  id: z.string(),
  asset_id: z.string(),
  group_id: z.string(),
  domain: z.string(),
  // The common values, or the type the caller gave (any text: decision 377).
  type: z.string(),
  asset_type: z.string(),
  name: z.string(),
  description: z.string(),
  source_url: z.string(),
  url: z.string(),
  oss_url: z.string(),
  reference: z.string(),
  asset_ref: z.string(),
  content_type: z.string(),
  size: z.number().check(z.int(), z.nonnegative()),
  duration: z.number().check(z.nonnegative()),
  status: z.enum(ASSET_STATUSES),
  sync_status: z.enum(SYNC_STATUSES),
  preparation_status: z.enum(PREPARATION_STATUSES),
  generation_ready: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  review_passed: z.boolean(),
  sync_error: z.optional(z.string()),
  visibility: z.string(),
  model: z.optional(z.string()),
  mode: z.optional(z.enum(ASSET_MODES)),
  purpose: z.optional(z.string()),
  role: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  created_at: z.number().check(z.int()),
  updated_at: z.number().check(z.int()),
  request_id: z.optional(z.string()),
  trace_id: z.optional(z.string()),
});
export type Asset = z.infer<typeof AssetSchema>;

const URL_REQUIRED = 'url is required: a public http(s) URL of the media';
const URL_MESSAGE = 'url must be a public http(s) URL, for example https://example.com/cat.png';

/**
 * What keeps a text from being a URL the service fetches: not a URL at all, or another scheme
 * (its name, so a form can say "a ftp: address cannot be fetched"). The codes travel as the
 * issue's params; the message stays the server's.
 */
function httpUrlProblem(
  url: string,
): { code: 'urlInvalid' } | { code: 'urlScheme'; scheme: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'urlInvalid' };
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return undefined;
  return { code: 'urlScheme', scheme: parsed.protocol.replace(/:$/, '') };
}

const httpUrl = z.string({ error: URL_REQUIRED }).check(
  z.trim(),
  z.minLength(1, URL_REQUIRED),
  z.superRefine((url, ctx) => {
    const problem = url === '' ? undefined : httpUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: URL_MESSAGE, params: problem, input: url });
  }),
);

/**
 * The text fields' limits of the register and upload bodies, in characters after trimming: the
 * schemas below and the register form use these.
 */
export const ASSET_TEXT_LIMITS = {
  purpose: 64,
  role: 64,
  model: 64,
  group_id: 64,
  name: NAME_MAX,
  description: 2_000,
  domain: 32,
} as const;

const optionalText = (max: number, field: string, opts: { multiline?: boolean } = {}) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `${field} must be at most ${max} characters`),
        plainText(field, opts),
      ),
  );

const MODEL_MESSAGE = 'model must be a model name such as video-2.0-cl';
const MODEL_NAME = new RegExp(`^[a-z0-9][a-z0-9._-]{0,${ASSET_TEXT_LIMITS.model - 1}}$`, 'i');
/**
 * `type`: the specification's "common values" (image, audio, video, file) are probed as such; any
 * other text is kept as given and the asset is prepared as a plain file (decision 377). The length
 * bound is this server's own, like every text field's.
 */
const assetType = optionalText(64, 'type');

/** JSON body of POST /v1/assets/uploads (register by public URL). */
export const RegisterAssetByUrlSchema = z.object({
  url: httpUrl,
  // Shape only: a real deployment may prepare assets for models the local list lacks (decision 080).
  model: z
    .optional(z.string({ error: MODEL_MESSAGE }).check(z.trim(), z.minLength(1, MODEL_MESSAGE)))
    .check(z.refine((m) => m === undefined || MODEL_NAME.test(m), { message: MODEL_MESSAGE })),
  mode: z._default(z.enum(ASSET_MODES, { error: 'mode must be one of asset, oss, both' }), 'asset'),
  type: assetType,
  purpose: optionalText(ASSET_TEXT_LIMITS.purpose, 'purpose'),
  role: optionalText(ASSET_TEXT_LIMITS.role, 'role'),
  group_id: optionalText(ASSET_TEXT_LIMITS.group_id, 'group_id'),
  name: optionalText(ASSET_TEXT_LIMITS.name, 'name'),
  description: optionalText(ASSET_TEXT_LIMITS.description, 'description', { multiline: true }),
  domain: optionalText(ASSET_TEXT_LIMITS.domain, 'domain'),
  metadata: z.optional(
    z
      .record(z.string(), z.unknown(), { error: 'metadata must be a JSON object' })
      .check(boundedJson(METADATA_BOUNDS, 'metadata')),
  ),
});
export type RegisterAssetByUrl = z.infer<typeof RegisterAssetByUrlSchema>;

/** Form fields of the multipart form of POST /v1/assets/uploads (the file part is `file`). */
export const UploadAssetFieldsSchema = z.object({
  type: assetType,
  purpose: optionalText(ASSET_TEXT_LIMITS.purpose, 'purpose'),
  role: optionalText(ASSET_TEXT_LIMITS.role, 'role'),
  model: optionalText(ASSET_TEXT_LIMITS.model, 'model'),
  group_id: optionalText(ASSET_TEXT_LIMITS.group_id, 'group_id'),
  name: optionalText(ASSET_TEXT_LIMITS.name, 'name'),
  description: optionalText(ASSET_TEXT_LIMITS.description, 'description', { multiline: true }),
});
export type UploadAssetFields = z.infer<typeof UploadAssetFieldsSchema>;

/** Query of GET /v1/assets, without paging (see PaginationQuerySchema). */
export const AssetListFiltersSchema = z.object({
  group_id: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // "Common values": another value is a filter like any other, which simply matches no asset.
  type: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(64, 'type must be at most 64 characters')),
  ),
  status: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(64, 'status must be at most 64 characters')),
  ),
  domain: z.optional(z.string().check(z.trim(), z.minLength(1))),
});
export type AssetListFilters = z.infer<typeof AssetListFiltersSchema>;
