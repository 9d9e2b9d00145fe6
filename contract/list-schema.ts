import * as z from 'zod/mini';
import type { ListEnvelope, UnreadableItem } from './list';

const count = (min: number) => z.int().check(z.gte(min));

/**
 * What the dashboard requires of a list: `data`, `count`, `total` and `page`, the fields the
 * specification shows on every list envelope. `page_size` is read when present (a deployment may
 * cap pages below what was asked) but never required; `object` is always `list` by the
 * specification, so an odd or missing one is not fatal either.
 */
const EnvelopeShape = z.looseObject({
  object: z.catch(z.literal('list'), 'list'),
  data: z.array(z.unknown()),
  count: count(0),
  total: count(0),
  page: count(1),
  page_size: z.catch(z.optional(count(1)), undefined),
  request_id: z.catch(z.optional(z.string()), undefined),
  trace_id: z.catch(z.optional(z.string()), undefined),
});

/** Raw JSON of an item, bounded: enough for a person (or support) to see what came back. */
function rawJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 4_000 ? `${text.slice(0, 4_000)}…` : text;
}

/**
 * The list envelope of the specification, item by item: one item the `item` schema cannot read
 * does not fail the page. It keeps its place as `{ id, unreadable: { raw, reason } }` so counts,
 * positions and the other items stay right, and the page can say "this item could not be read".
 * `zod/mini`, since the browser parses every list with it.
 */
export function listEnvelopeSchema<T extends { id: string }>(item: z.core.$ZodType<T>) {
  return z.pipe(
    EnvelopeShape,
    z.transform((envelope): ListEnvelope<T & { unreadable?: UnreadableItem }> => {
      const data = envelope.data.map((raw, index) => {
        const r = z.safeParse(item, raw);
        if (r.success) return r.data;
        const reason = r.error.issues[0]?.message ?? 'unexpected shape';
        const unreadable: UnreadableItem = { index, raw: rawJson(raw), reason };
        return { id: `unreadable:${envelope.page}:${index}`, unreadable } as T & {
          unreadable: UnreadableItem;
        };
      });
      return { ...envelope, data };
    }),
  );
}
