import * as z from 'zod/mini';

/**
 * The one BroadcastChannel the storyboard's tabs talk on (decision 690), for two listeners that
 * are loaded apart: the runner's news of board writes (decision 610, the storyboard page's chunk)
 * and the shell's progress strip (decision 650, the watcher's chunk). Each message names its kind,
 * each listener hears only its own kinds, and a message that does not read as one (another build's,
 * or junk) is heard by none. Below both features, as storyboard-progress.ts: a few schemas, built
 * only from the zod/mini parts the shell already carries, so the first open grows by nothing.
 */
const NAME = 'media-studio.storyboard';

/** Bump when a message changes its shape or meaning: a tab of an older build then hears none of it. */
export const STORYBOARD_CHANNEL_VERSION = 1;

const ProgressSchema = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  fraction: z.number(),
  active: z.boolean(),
});

const MessageSchema = z.union([
  /** A tab wrote or deleted the board (decision 610): a tab that holds it reads it again. */
  z.object({ kind: z.literal('board'), id: z.string() }),
  /** A run of the posting tab's, as it is now (decision 650). */
  z.object({ kind: z.literal('progress'), progress: ProgressSchema }),
  /** The board was deleted: no tab's strip shows it. */
  z.object({ kind: z.literal('ended'), id: z.string() }),
  /** The tab that ran it closed: no tab shows it as running elsewhere (a reload tells it again). */
  z.object({ kind: z.literal('left'), id: z.string() }),
  /** A tab that shows the strip asks the others for their runs (at its start, then at a beat). */
  z.object({ kind: z.literal('ask') }),
]);

// The version travels outside the message, so that a message of another shape is told apart from junk.
const EnvelopeSchema = z.object({ v: z.literal(STORYBOARD_CHANNEL_VERSION), message: MessageSchema });

export type StoryboardMessage = z.infer<typeof MessageSchema>;
export type StoryboardMessageKind = StoryboardMessage['kind'];
export type MessageOf<K extends StoryboardMessageKind> = Extract<StoryboardMessage, { kind: K }>;

/** A message as heard; undefined when it is not one of this build's. */
export function readStoryboardMessage(data: unknown): StoryboardMessage | undefined {
  const envelope = EnvelopeSchema.safeParse(data);
  return envelope.success ? envelope.data.message : undefined;
}

/** One tab's end of the channel (a BroadcastChannel never tells a tab its own message). */
export interface StoryboardChannel {
  post(message: StoryboardMessage): void;
  /** Hears the messages of `kinds`, and no other; returns the stop. */
  listen<K extends StoryboardMessageKind>(
    kinds: readonly K[],
    hear: (message: MessageOf<K>) => void,
  ): () => void;
  close(): void;
}

/** A new end of the channel: a tab opens one (storyboardChannel); tests open one per tab they play. */
export function openStoryboardChannel(): StoryboardChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(NAME);
  // Node's channel (the unit tests) would keep its process alive; a browser's has no unref.
  (channel as { unref?: () => void }).unref?.();
  const listeners = new Set<(message: StoryboardMessage) => void>();
  // Read once, however many listen.
  channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
    const message = readStoryboardMessage(data);
    if (message) for (const hear of listeners) hear(message);
  });
  return {
    post: (message) => channel.postMessage({ v: STORYBOARD_CHANNEL_VERSION, message }),
    listen: (kinds, hear) => {
      const mine = (message: StoryboardMessage) => {
        if ((kinds as readonly string[]).includes(message.kind))
          hear(message as MessageOf<(typeof kinds)[number]>);
      };
      listeners.add(mine);
      return () => listeners.delete(mine);
    },
    close: () => channel.close(),
  };
}

let tab: StoryboardChannel | undefined | null = null;

/**
 * This tab's end, opened at first use and shared by the strip and the runner: two ends in one tab
 * would each hear what the other posts. Undefined without BroadcastChannel.
 */
export function storyboardChannel(): StoryboardChannel | undefined {
  if (tab === null) tab = openStoryboardChannel();
  return tab;
}
