import type { TrackedTask } from '@/api/task-registry-schema';

export type RegistryMessage = { upsert: TrackedTask[] } | { remove: string[] };

/** Writes within a frame go out together: ~2,000 endings in a burst made 2,000 messages. */
const SEND_EVERY_MS = 16;

/**
 * The registry's changes told to its other tabs (a BroadcastChannel), the writes of a frame in one
 * message: each message costs a structured clone and a trip through the browser process, and the
 * tab that hears it re-sorts its list once per message (decision 631).
 */
export class RegistryBroadcast {
  private readonly channel: BroadcastChannel;
  /** What the other tabs have yet to hear: the last write of each id (null: forgotten). */
  private readonly outbox = new Map<string, TrackedTask | null>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(name: string, hear: (message: RegistryMessage) => void) {
    this.channel = new BroadcastChannel(name);
    this.channel.addEventListener('message', (e: MessageEvent<RegistryMessage>) => hear(e.data));
    // A tab closed within a frame of a write still tells the others.
    if (typeof window !== 'undefined') window.addEventListener('pagehide', this.send);
  }

  tell(id: string, task: TrackedTask | null) {
    this.outbox.set(id, task);
    this.timer ??= setTimeout(this.send, SEND_EVERY_MS);
  }

  /** One message per kind: an upsert's ids and a removal's never overlap, so their order is moot. */
  private send = () => {
    clearTimeout(this.timer);
    this.timer = undefined;
    const upsert = [...this.outbox.values()].flatMap((t) => t ?? []);
    const remove = [...this.outbox].flatMap(([id, t]) => (t ? [] : [id]));
    this.outbox.clear();
    if (upsert.length > 0) this.channel.postMessage({ upsert } satisfies RegistryMessage);
    if (remove.length > 0) this.channel.postMessage({ remove } satisfies RegistryMessage);
  };

  close() {
    this.send();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', this.send);
    this.channel.close();
  }
}
