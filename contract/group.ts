import * as z from 'zod/mini';
import type { UnreadableItem } from './list';

export { DEFAULT_GROUP_ID } from './list';

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
      const id = typeof o.id === 'string' && o.id ? o.id : o.group_id;
      return { ...o, id, group_id: typeof o.group_id === 'string' && o.group_id ? o.group_id : id };
    }
    return v;
  }),
  LenientGroupObject,
);
/** `unreadable` is set only on the stand-in for a list item that could not be read (list-schema.ts). */
export type LenientGroup = z.infer<typeof LenientGroupSchema> & { unreadable?: UnreadableItem };

/** The fields LenientGroupSchema knows by name; any other field passes through untouched. */
export const LENIENT_GROUP_FIELDS = Object.keys(
  LenientGroupObject.shape,
) as (keyof typeof LenientGroupObject.shape)[];

const hasGroupId = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return (typeof o.id === 'string' && o.id !== '') || (typeof o.group_id === 'string' && o.group_id !== '');
};

/**
 * The group record in an answer whose shape the specification does not show (group create,
 * patch and detail): the record itself, or one wrapped in `data` or `group`. Undefined when there
 * is none (a 201 or 204 with an empty body): the caller then re-reads.
 */
export function groupRecordOf(answer: unknown): LenientGroup | undefined {
  const wrapped = hasGroupId(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? [(answer as Record<string, unknown>).data, (answer as Record<string, unknown>).group].find(hasGroupId)
      : undefined;
  if (!wrapped) return undefined;
  const r = z.safeParse(LenientGroupSchema, wrapped);
  return r.success ? r.data : undefined;
}
