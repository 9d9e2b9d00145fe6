import * as z from 'zod/mini';
import { plainText } from './plain-text';

// The strict group schemas: what the local server writes and the request bodies it validates.
// Written with `zod/mini`, like group.ts, because the browser validates the group forms with
// CreateGroupSchema and UpdateGroupSchema and must never pay for full zod.

export const GroupSchema = z.object({
  object: z.literal('asset_group'),
  id: z.string(),
  group_id: z.string(),
  name: z.string(),
  description: z.string(),
  asset_count: z.number().check(z.int(), z.nonnegative()),
  created_at: z.number().check(z.int()),
  updated_at: z.number().check(z.int()),
  request_id: z.optional(z.string()),
  trace_id: z.optional(z.string()),
});
export type Group = z.infer<typeof GroupSchema>;

const NAME_REQUIRED = 'name is required: a group name of 1 to 100 characters';
const name = z
  .string({ error: NAME_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, NAME_REQUIRED),
    z.maxLength(100, 'name must be at most 100 characters'),
    plainText('name'),
  );
const description = z
  .string()
  .check(
    z.trim(),
    z.maxLength(2000, 'description must be at most 2000 characters'),
    plainText('description', { multiline: true }),
  );

export const CreateGroupSchema = z.object({ name, description: z._default(description, '') });
export type CreateGroup = z.infer<typeof CreateGroupSchema>;

export const UpdateGroupSchema = z
  .object({ name: z.optional(name), description: z.optional(description) })
  .check(
    z.refine((b) => b.name !== undefined || b.description !== undefined, {
      message: 'PATCH needs name and/or description',
    }),
  );
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>;
