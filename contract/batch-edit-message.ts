import * as z from 'zod/mini';

/**
 * What the tabs of one browser tell one another about a batch, and the edits they keep for one
 * another in IndexedDB (decisions 560, 620, 660). Two tabs may run two builds (one not reloaded
 * since an update): every message and kept edit names its version, and a tab reads only its own.
 * Bump the version whenever a message or a patch changes its shape or its meaning.
 */
export const BATCH_EDITS_VERSION = 2;
const PROTOCOL = 'media-studio.batch-edits';

// zod/mini, as every browser module: full zod would bring all of zod's core into the batch chunk.
const ROW_STATES = ['pending', 'sending', 'running', 'succeeded', 'failed', 'dropped'] as const;
const strings = z.array(z.string());

// A row the edit added, whole.
const AddedRowSchema = z.object({
  key: z.string(),
  cells: strings,
  state: z.enum(ROW_STATES),
  taskId: z.optional(z.string()),
  resultUrl: z.optional(z.string()),
  error: z.optional(z.string()),
  assetId: z.optional(z.string()),
  tokens: z.optional(z.number()),
  startedAt: z.optional(z.number()),
  endedAt: z.optional(z.number()),
});

const ColumnSchema = z.union([
  z.object({ variable: z.string() }),
  z.object({ field: z.string() }),
  z.object({ ignore: z.literal(true) }),
]);

export const BatchPatchSchema = z.object({
  fields: z.object({
    name: z.optional(z.string()),
    kind: z.optional(z.enum(['video', 'music', 'digital_human'])),
    request: z.optional(z.record(z.string(), z.unknown())),
    variables: z.optional(z.array(z.object({ name: z.string(), default: z.string() }))),
    headers: z.optional(strings),
    columns: z.optional(z.array(ColumnSchema)),
    concurrency: z.optional(z.number()),
  }),
  rows: z.record(
    z.string(),
    z.object({
      cells: z.optional(strings),
      assetId: z.optional(z.string()),
      dropped: z.optional(z.boolean()),
    }),
  ),
  order: z.optional(z.object({ keys: strings, added: z.array(AddedRowSchema) })),
  pause: z.optional(z.literal(true)),
});

const MessageSchema = z.union([
  z.object({ id: z.string(), patch: BatchPatchSchema, key: z.string() }),
  z.object({ id: z.string(), ack: z.string() }),
  z.object({ id: z.string(), wrote: z.literal(true) }),
  // Added without a new version (decision 700): a tab of the build before drops it as malformed,
  // and is stopped instead when its next write finds the batch's tombstone.
  z.object({ id: z.string(), deleted: z.literal(true) }),
]);

// What goes on the wire. The payload sits inside, so a build older than versions (whose tabs read
// `{ id, patch, key }` at the top) does not take a newer tab's message for one of its own.
const EnvelopeSchema = z.object({ protocol: z.literal(PROTOCOL), v: z.number(), message: z.unknown() });

// The builds before versions posted the message bare: version 1.
const LegacySchema = z.union([
  z.object({ id: z.string(), patch: z.record(z.string(), z.unknown()), key: z.string() }),
  z.object({ id: z.string(), ack: z.string() }),
  z.object({ id: z.string(), wrote: z.literal(true) }),
]);

/** What a tab reads: a message of its own version, or the version of a tab that speaks another. */
export type Heard<M> = { message: M } | { version: number };

/** The message as posted. */
export function batchEditEnvelope(message: unknown) {
  return { protocol: PROTOCOL, v: BATCH_EDITS_VERSION, message };
}

/** A message as heard; undefined when it is not one (another app's, or malformed). */
export function readBatchEditEnvelope(data: unknown): Heard<z.infer<typeof MessageSchema>> | undefined {
  const envelope = EnvelopeSchema.safeParse(data);
  if (!envelope.success) return LegacySchema.safeParse(data).success ? { version: 1 } : undefined;
  if (envelope.data.v !== BATCH_EDITS_VERSION) return { version: envelope.data.v };
  const message = MessageSchema.safeParse(envelope.data.message);
  return message.success ? { message: message.data } : undefined;
}

/** An edit kept in IndexedDB until a tab has written it onto the batch (decision 660). */
const PendingEditSchema = z.object({
  v: z.number(),
  id: z.string(),
  key: z.string(),
  at: z.number(),
  patch: z.unknown(),
});

/** A kept edit of this version; undefined for another version's (left for a tab that reads it) or junk. */
export function readPendingEdit(data: unknown) {
  const edit = PendingEditSchema.safeParse(data);
  if (!edit.success || edit.data.v !== BATCH_EDITS_VERSION) return undefined;
  const patch = BatchPatchSchema.safeParse(edit.data.patch);
  if (!patch.success) return undefined;
  const { id, key, at } = edit.data;
  return { id, key, at, patch: patch.data };
}
