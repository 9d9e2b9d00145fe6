import * as z from 'zod/mini';
import type { ListEnvelope, UnreadableItem } from './list';

const count = (min: number) => z.int().check(z.gte(min));

/**
 * A list as `listAnswer` leaves it: `data`, `count`, `total` and `page` (read from the answer or
 * derived). `page_size` is read when present (a deployment may cap pages below what was asked)
 * but never required; `object` is always `list` by the specification, so an odd or missing one is
 * not fatal either.
 */
const EnvelopeShape = z.looseObject({
  object: z.catch(z.literal('list'), 'list'),
  data: z.array(z.unknown()),
  count: count(0),
  total: count(0),
  page: count(1),
  page_size: z.catch(z.optional(count(1)), undefined),
  total_derived: z.catch(z.optional(z.boolean()), undefined),
  request_id: z.catch(z.optional(z.string()), undefined),
  trace_id: z.catch(z.optional(z.string()), undefined),
});

const isCount = (n: unknown, min: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min;

/** The page a list request asked for, to derive what an answer leaves out. */
export interface AskedPage {
  page: number;
  pageSize: number;
}

/**
 * Any list answer the specification allows, made into the envelope: `count`, `total` and `page`
 * are read when present and derived when absent (the group list's shape is "not shown": an
 * envelope with `data` of any other kind, or a bare array). A derived total is what is known to
 * exist: the items before this page, this page's, and one more when the page came back full (so
 * the next page can be asked for); `total_derived` says so. Anything without a `data` array is
 * passed on for the schema to refuse.
 */
export function listAnswer(raw: unknown, asked: AskedPage): unknown {
  const bare = Array.isArray(raw);
  const envelope: Record<string, unknown> | undefined = bare
    ? {}
    : typeof raw === 'object' && raw !== null
      ? (raw as Record<string, unknown>)
      : undefined;
  const data = bare ? raw : envelope?.data;
  if (!envelope || !Array.isArray(data)) return raw;
  const count = isCount(envelope.count, 0) ? envelope.count : data.length;
  // A bare array longer than the page asked for is a deployment that does not page: all of it.
  const ignoresPaging = data.length > asked.pageSize;
  const page = isCount(envelope.page, 1) ? envelope.page : ignoresPaging ? 1 : asked.page;
  if (isCount(envelope.total, 0)) return { ...envelope, object: 'list', data, count, page };
  // A deployment may cap pages below the size asked: the size it says it used decides what is full.
  const size = isCount(envelope.page_size, 1) ? envelope.page_size : asked.pageSize;
  const before = (page - 1) * size;
  const total = ignoresPaging ? count : before + count + (count >= size ? 1 : 0);
  return { ...envelope, object: 'list', data, count, page, total, total_derived: true };
}

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
