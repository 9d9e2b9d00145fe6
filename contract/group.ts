import { z } from 'zod';

/** Every API key has this group; GET /v1/assets without group_id reads it (LOCAL_API.md). */
export const DEFAULT_GROUP_ID = 'grp_default';

export const GroupSchema = z.object({
  object: z.literal('asset_group'),
  id: z.string(),
  group_id: z.string(),
  name: z.string(),
  description: z.string(),
  asset_count: z.number().int().nonnegative(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  request_id: z.string().optional(),
  trace_id: z.string().optional(),
});
export type Group = z.infer<typeof GroupSchema>;

/** What the dashboard accepts from any deployment (group records are "not shown" by the spec). */
export const LenientGroupSchema = z.preprocess(
  (v) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return { ...o, id: typeof o.id === 'string' && o.id ? o.id : o.group_id };
    }
    return v;
  },
  z.looseObject({
    id: z.string(),
    group_id: z.string().optional().catch(undefined),
    name: z.string().optional().catch(undefined),
    description: z.string().optional().catch(undefined),
    asset_count: z.number().optional().catch(undefined),
    created_at: z.number().optional().catch(undefined),
    updated_at: z.number().optional().catch(undefined),
    request_id: z.string().optional().catch(undefined),
    trace_id: z.string().optional().catch(undefined),
  }),
);
export type LenientGroup = z.infer<typeof LenientGroupSchema>;

const name = z
  .string({ error: 'name is required: a group name of 1 to 100 characters' })
  .trim()
  .min(1, 'name is required: a group name of 1 to 100 characters')
  .max(100, 'name must be at most 100 characters');
const description = z.string().trim().max(2000, 'description must be at most 2000 characters');

export const CreateGroupSchema = z.object({ name, description: description.default('') });
export type CreateGroup = z.infer<typeof CreateGroupSchema>;

export const UpdateGroupSchema = z
  .object({ name: name.optional(), description: description.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: 'PATCH needs name and/or description',
  });
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>;
