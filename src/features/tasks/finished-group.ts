import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import type { TrackedTask } from '@/api/task-registry';
import type { TaskFinishedEvent } from '@/api/tasks';
import { compareHref, groupBatches } from './task-batches';

/**
 * Endings this close to the previous one join its toast: a batch of variations (created one after
 * another, each a second or so apart) ends within this, and the adaptive poller notices an end
 * about 1 s after it happens (bench/RESULTS.md), so a burst is seen as one.
 */
export const GROUP_WINDOW_MS = 3000;

export interface FinishedGroup {
  /** Increments with each new group: the toast (and notification) of a group is replaced in place. */
  serial: number;
  events: readonly TaskFinishedEvent[];
}

/**
 * Collects finished tasks into groups. A group stays open while its toast is on screen (`closed`
 * says when it went), while endings keep coming within GROUP_WINDOW_MS of each other, and while the
 * tab is hidden (and for the window after it shows again): a burst, or what ended while the person
 * looked elsewhere, is one piece of news ("3 tasks finished · Open"), not one toast per task.
 */
export class FinishedGrouper {
  private events: TaskFinishedEvent[] = [];
  /** The ids in `events`: a burst of 2,000 endings filtered the whole group at each (O(n²)). */
  private ids = new Set<string>();
  private lastAt = Number.NEGATIVE_INFINITY;
  private serial = 0;
  private hiddenUntil = Number.NEGATIVE_INFINITY;
  /** The serial whose toast is still on screen: endings while it shows join it, however far apart. */
  private showing: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Told by the page whenever its visibility changes (and once at start). */
  setHidden(hidden: boolean): void {
    const at = this.now();
    if (!hidden) {
      this.hiddenUntil = Math.min(this.hiddenUntil, at);
      return;
    }
    // What ends while hidden is news of its own, not more of a group shown before.
    if (at - this.lastAt > GROUP_WINDOW_MS) this.startGroup();
    this.hiddenUntil = Number.POSITIVE_INFINITY;
  }

  /** The group's toast went (closed, or its time ran out): what ends next is news of its own. */
  closed(serial: number): void {
    if (this.showing === serial) this.showing = undefined;
  }

  add(event: TaskFinishedEvent): FinishedGroup {
    const at = this.now();
    const open =
      this.events.length > 0 &&
      (this.showing === this.serial || at - Math.max(this.lastAt, this.hiddenUntil) <= GROUP_WINDOW_MS);
    if (!open) {
      this.startGroup();
      this.serial += 1;
    }
    // A task announced twice (two tabs' polls) counts once, with its latest state.
    const id = event.task.id;
    const others = this.ids.has(id) ? this.events.filter((e) => e.task.id !== id) : this.events;
    this.events = [...others, event];
    this.ids.add(id);
    this.lastAt = at;
    this.showing = this.serial;
    return { serial: this.serial, events: this.events };
  }

  private startGroup(): void {
    this.events = [];
    this.ids = new Set();
  }
}

/**
 * A growing group's toast is replaced at most this often: each replacement re-measures sonner's
 * stack (getBoundingClientRect), and 2,000 tasks ending mid-scroll cost the gallery half its frames
 * (bench/RESULTS.md, decision 630).
 */
export const ANNOUNCE_EVERY_MS = 250;

/**
 * Hands groups on to `announce`: the first at once, then at most every `everyMs` the latest state
 * of each group that grew meanwhile (one ending is announced without delay, a burst a few times a
 * second).
 */
export function throttledAnnouncer(
  announce: (group: FinishedGroup) => void,
  everyMs: number = ANNOUNCE_EVERY_MS,
): { push: (group: FinishedGroup) => void; cancel: () => void } {
  const due = new Map<number, FinishedGroup>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (due.size === 0) return;
    const groups = [...due.values()];
    due.clear();
    timer = setTimeout(flush, everyMs);
    for (const group of groups) announce(group);
  };
  return {
    push: (group) => {
      due.set(group.serial, group);
      if (timer === undefined) flush();
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      due.clear();
    },
  };
}

export interface GroupCounts {
  succeeded: number;
  failed: number;
  cancelled: number;
}

export function countByStatus(events: readonly TaskFinishedEvent[]): GroupCounts {
  const counts: GroupCounts = { succeeded: 0, failed: 0, cancelled: 0 };
  for (const e of events) counts[e.status] += 1;
  return counts;
}

/**
 * Where a group's Open leads: the comparison when the tasks are exactly one batch of variations
 * and all of it has ended, the monitor (which shows the batch) otherwise.
 */
export function groupHref(events: readonly TaskFinishedEvent[], tracked: readonly TrackedTask[]): string {
  const ids = new Set(events.map((e) => e.task.id));
  const batchIds = new Set(tracked.filter((t) => ids.has(t.id)).map((t) => t.batchId));
  const [batchId] = batchIds;
  if (batchIds.size !== 1 || !batchId) return '/tasks';
  const batch = groupBatches(tracked).find((b) => b.id === batchId);
  if (!batch || batch.tasks.length < 2) return '/tasks';
  const allEnded = batch.tasks.every(
    (t) => ids.has(t.id) || isTerminalStatus(normalizeTaskStatus(t.last?.status)),
  );
  return allEnded ? compareHref(batch) : '/tasks';
}
