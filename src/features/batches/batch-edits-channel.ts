import {
  batchEditEnvelope,
  readBatchEditEnvelope,
  type BatchPatchSchema,
} from '@contract/batch-edit-message';
import type { input } from 'zod/mini';
import type { BatchPatch } from './batch-patch';

/**
 * What the tabs of this browser tell one another about a batch (decisions 560 and 620): an edit
 * made in a tab that does not run it, for the tab that does; that tab's word once the edit is
 * written (without it the edit is passed on again); that a tab wrote the batch, so that the
 * others know their copy is older than the kept one; and that a tab deleted it (decision 700).
 */
export type BatchEditMessage =
  | { id: string; patch: BatchPatch; key: string }
  | { id: string; ack: string }
  | { id: string; wrote: true }
  | { id: string; deleted: true };

export interface EditsTransport {
  post(message: BatchEditMessage): void;
  /** `other`: a tab of another build spoke, in a version this one does not read (decision 660). */
  listen(hear: (message: BatchEditMessage) => void, other?: (version: number) => void): () => void;
}

// What this build posts must pass its own check at the other end.
type Posted = BatchPatch extends input<typeof BatchPatchSchema> ? BatchEditMessage : never;

/** The message as it goes between tabs: in its versioned envelope (contract/batch-edit-message.ts). */
export const toWire = (message: Posted) => batchEditEnvelope(message);

/**
 * What a tab does with what it hears: a message of its own version, checked, is heard; one of
 * another version is only reported (not applied, not answered: its sender keeps the edit).
 */
export function fromWire(
  data: unknown,
  hear: (message: BatchEditMessage) => void,
  other?: (version: number) => void,
): void {
  const heard = readBatchEditEnvelope(data);
  if (!heard) return;
  // Checked by the schema: the rows it adds are rows, with whatever else a row holds.
  if ('message' in heard) hear(heard.message as BatchEditMessage);
  else other?.(heard.version);
}

const NAME = 'media-studio.batch-edits';

function broadcastEdits(): EditsTransport {
  const channel = new BroadcastChannel(NAME);
  return {
    post: (message) => channel.postMessage(toWire(message)),
    listen: (hear, other) => {
      const onMessage = ({ data }: MessageEvent<unknown>) => fromWire(data, hear, other);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/**
 * The same messages by localStorage, whose `storage` event reaches every other tab of the origin:
 * for a browser without BroadcastChannel. Each message is written under one key and removed at
 * once; a counter makes two equal messages two changes, each its own event.
 */
export function storageEdits(win: Window = window): EditsTransport | undefined {
  let storage: Storage;
  try {
    storage = win.localStorage;
    storage.setItem(NAME, '');
    storage.removeItem(NAME);
  } catch {
    // No storage (blocked, or a private mode that refuses writes): no tab can be told anything.
    return undefined;
  }
  const tab = Math.random().toString(36).slice(2);
  let sent = 0;
  return {
    post: (message) => {
      try {
        storage.setItem(NAME, JSON.stringify({ message: toWire(message), n: `${tab}:${++sent}` }));
        storage.removeItem(NAME);
      } catch {
        // Full: the edit's sender hears no word back and passes it on again later.
      }
    },
    listen: (hear, other) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== NAME || !event.newValue) return;
        try {
          const { message } = JSON.parse(event.newValue) as { message?: unknown };
          fromWire(message, hear, other);
        } catch {
          // Not one of ours.
        }
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
  };
}

/**
 * How this tab talks to the others: a BroadcastChannel, else localStorage's events, else nothing
 * (an edit made while another tab runs the batch then waits until that tab lets the run go).
 */
export function editsTransport(win?: Window): EditsTransport | undefined {
  return typeof BroadcastChannel === 'undefined' ? storageEdits(win) : broadcastEdits();
}

/**
 * Calls `flush` when the tab is going, or hidden (a phone, or a tab the browser discards, may end
 * it without a pagehide): this tab's edits still waiting are then told to the tab that runs the
 * batch at once (decision 660). Returns the unhook.
 */
export function onLeaving(flush: () => void, win: Window = window): () => void {
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', onHidden);
  return () => {
    win.removeEventListener('pagehide', flush);
    win.document.removeEventListener('visibilitychange', onHidden);
  };
}
