import * as z from 'zod/mini';

/** Every API key has this group; GET /v1/assets without group_id reads it (LOCAL_API.md). */
export const DEFAULT_GROUP_ID = 'grp_default';

const LenientGroupObject = z.looseObject({
  id: z.string(),
  group_id: z.catch(z.optional(z.string()), undefined),
  name: z.catch(z.optional(z.string()), undefined),
  description: z.catch(z.optional(z.string()), undefined),
  asset_count: z.catch(z.optional(z.number()), undefined),
  created_at: z.catch(z.optional(z.number()), undefined),
  updated_at: z.catch(z.optional(z.number()), undefined),
  request_id: z.catch(z.optional(z.string()), undefined),
  trace_id: z.catch(z.optional(z.string()), undefined),
});

/**
 * What the dashboard accepts from any deployment (group records are "not shown" by the spec).
 * `zod/mini`, since the browser imports it; the strict schemas live in group-schemas.ts.
 */
export const LenientGroupSchema = z.pipe(
  z.transform((v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return { ...o, id: typeof o.id === 'string' && o.id ? o.id : o.group_id };
    }
    return v;
  }),
  LenientGroupObject,
);
export type LenientGroup = z.infer<typeof LenientGroupSchema>;

/** The fields LenientGroupSchema knows by name; any other field passes through untouched. */
export const LENIENT_GROUP_FIELDS = Object.keys(
  LenientGroupObject.shape,
) as (keyof typeof LenientGroupObject.shape)[];
