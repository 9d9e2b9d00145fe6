import { useSyncExternalStore } from 'react';
import { storyboardChannel, type MessageOf, type StoryboardChannel } from './storyboard-channel';

/**
 * The storyboards running in this browser, as the shell shows them on every page (issue 32: "progress
 * per shot and for the whole, from every page, through the task watcher"). The storyboard's runner
 * publishes here; the task watcher reads here. Below both features, since neither may import the
 * other, and a few bytes with no dependency: the watcher's chunk does not carry the storyboard.
 * A run in another tab of the browser is told here too, on the storyboard's one BroadcastChannel
 * (decision 650, its messages typed and checked since decision 690: storyboard-channel.ts).
 */
export interface StoryboardProgress {
  id: string;
  name: string;
  /** Shots in the run. */
  total: number;
  /** Shots that succeeded. */
  done: number;
  /** Shots that failed or cannot start. */
  failed: number;
  /** 0..1 over the whole run (running shots count by their progress). */
  fraction: number;
  /** Still going; false once every shot has ended (kept on show until dismissed). */
  active: boolean;
  /** Run by another tab of this browser: shown while it goes on, gone when it ends or falls silent there. */
  elsewhere?: boolean;
}

/** The kinds of message the strip hears on the storyboard's channel (storyboard-channel.ts). */
const KINDS = ['progress', 'ended', 'left', 'ask'] as const;
export type ProgressMessage = MessageOf<(typeof KINDS)[number]>;

/** How the tabs talk: this tab's end of the storyboard's channel, or a fake in tests. */
export type ProgressChannel = Pick<StoryboardChannel, 'post' | 'listen'>;

const same = (a: StoryboardProgress, b: StoryboardProgress) =>
  a.name === b.name &&
  a.total === b.total &&
  a.done === b.done &&
  a.failed === b.failed &&
  a.active === b.active &&
  a.elsewhere === b.elsewhere &&
  Math.round(a.fraction * 100) === Math.round(b.fraction * 100);

/** How often a tab that shows another's run asks after it; unanswered for `SILENT` beats, it goes. */
const BEAT_MS = 5_000;
const SILENT = 3;

/** One tab's list of runs, told to and by the other tabs on `open()`'s channel (opened at first use). */
export function storyboardProgressList(open: () => ProgressChannel | undefined = storyboardChannel) {
  let runs: readonly StoryboardProgress[] = [];
  const listeners = new Set<() => void>();
  let channel: ProgressChannel | undefined | null = null;
  let asked = false;
  /**
   * A tab that crashes, is killed or sleeps sends no `left`: the runs of other tabs are asked after
   * at a beat, and the running tab answers from its message handler, which a browser does not
   * throttle as it does a hidden tab's timers (once a minute in Chrome): a beat there would lapse
   * while the run goes on. Beats counted, not clock time: a sleeping machine wakes with all intact.
   */
  let beats = 0;
  const heardAt = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    beats++;
    const silent = (r: StoryboardProgress) => r.elsewhere && beats - (heardAt.get(r.id) ?? 0) >= SILENT;
    if (runs.some(silent)) emit(runs.filter((r) => !silent(r)));
    if (timer !== undefined) channel?.post({ kind: 'ask' });
  };
  /** A timer only while this tab shows a run of another's: none at all in a browser with no runs. */
  const listen = () => {
    const others = runs.some((r) => r.elsewhere);
    if (others && timer === undefined) timer = setInterval(tick, BEAT_MS);
    else if (!others && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      heardAt.clear();
    }
  };

  const emit = (next: readonly StoryboardProgress[]) => {
    runs = next;
    listen();
    for (const listener of listeners) listener();
  };
  const put = (progress: StoryboardProgress) => {
    const i = runs.findIndex((r) => r.id === progress.id);
    if (i >= 0 && same(runs[i]!, progress)) return;
    emit(i < 0 ? [...runs, progress] : runs.map((r, j) => (j === i ? progress : r)));
  };
  const drop = (id: string, only?: (r: StoryboardProgress) => boolean) => {
    if (runs.some((r) => r.id === id && (!only || only(r)))) emit(runs.filter((r) => r.id !== id));
  };
  const ours = () => runs.filter((r) => r.active && !r.elsewhere);

  const hear = (message: ProgressMessage) => {
    if (message.kind === 'ask') for (const r of ours()) channel?.post({ kind: 'progress', progress: r });
    else if (message.kind === 'ended') drop(message.id);
    else if (message.kind === 'left') drop(message.id, (r) => r.elsewhere === true);
    else {
      const { progress } = message;
      const here = runs.find((r) => r.id === progress.id);
      // This tab's own run stays this tab's (without Web Locks two tabs may both run a board).
      if (here?.active && !here.elsewhere) return;
      if (progress.active) {
        heardAt.set(progress.id, beats);
        put({ ...progress, elsewhere: true });
      } else drop(progress.id, (r) => r.elsewhere === true);
    }
  };
  const talk = () => {
    if (channel !== null) return channel;
    channel = open();
    channel?.listen(KINDS, hear);
    // A tab closed mid-run leaves no run shown as going on in the others.
    if (channel && typeof window !== 'undefined')
      window.addEventListener('pagehide', () => {
        for (const r of ours()) channel?.post({ kind: 'left', id: r.id });
      });
    return channel;
  };

  return {
    /** A run of this tab's, as it is now; an ended run stays listed (as ended) until dismissed. */
    publish(progress: StoryboardProgress): void {
      put(progress);
      talk()?.post({ kind: 'progress', progress });
    },
    /** Whether a run of this storyboard is listed (the runner reports its end only then). */
    isListed: (id: string) => runs.some((r) => r.id === id),
    dismiss: (id: string) => drop(id),
    /** The board is deleted: shown nowhere, in no tab. */
    forget(id: string): void {
      drop(id);
      talk()?.post({ kind: 'ended', id });
    },
    subscribe(listener: () => void): () => void {
      if (!asked) {
        asked = true;
        talk()?.post({ kind: 'ask' });
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    runs: () => runs,
  };
}

const list = storyboardProgressList();

export const publishStoryboardProgress = list.publish;
export const isStoryboardListed = list.isListed;
export const dismissStoryboardProgress = list.dismiss;
export const forgetStoryboardProgress = list.forget;

export function useStoryboardProgress(): readonly StoryboardProgress[] {
  return useSyncExternalStore(list.subscribe, list.runs);
}
