import { z } from 'zod';

// The strict group schemas, in full zod: what the local server writes and the request bodies it
// validates. Kept apart from group.ts so that the browser's lenient reading stays on zod/mini.

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
