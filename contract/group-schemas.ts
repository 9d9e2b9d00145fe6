import * as z from 'zod/mini';
import { plainText } from './plain-text';
import { NAME_MAX } from './text-bounds';

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

/** A group's limits, in characters after trimming: the schemas below and the group forms use these. */
export const GROUP_LIMITS = { name: NAME_MAX, description: 2_000 } as const;

const NAME_REQUIRED = `name is required: a group name of 1 to ${GROUP_LIMITS.name} characters`;
const name = z
  .string({ error: NAME_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, NAME_REQUIRED),
    z.maxLength(GROUP_LIMITS.name, `name must be at most ${GROUP_LIMITS.name} characters`),
    plainText('name'),
  );
const description = z
  .string()
  .check(
    z.trim(),
    z.maxLength(
      GROUP_LIMITS.description,
      `description must be at most ${GROUP_LIMITS.description} characters`,
    ),
    plainText('description', { multiline: true }),
  );

export const CreateGroupSchema = z.object({ name, description: z._default(description, '') });
export type CreateGroup = z.infer<typeof CreateGroupSchema>;

/** PATCH body: the specification does not show it, so `{}` is a valid PATCH that changes nothing. */
export const UpdateGroupSchema = z.object({ name: z.optional(name), description: z.optional(description) });
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>;
