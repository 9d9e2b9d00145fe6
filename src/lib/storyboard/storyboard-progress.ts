import { useSyncExternalStore } from 'react';

/**
 * The storyboards running in this tab, as the shell shows them on every page (issue 32: "progress
 * per shot and for the whole, from every page, through the task watcher"). The storyboard's runner
 * publishes here; the task watcher reads here. Below both features, since neither may import the
 * other, and a few bytes with no dependency: the watcher's chunk does not carry the storyboard.
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
}

let runs: readonly StoryboardProgress[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly StoryboardProgress[]): void {
  runs = next;
  for (const listener of listeners) listener();
}

const same = (a: StoryboardProgress, b: StoryboardProgress) =>
  a.name === b.name &&
  a.total === b.total &&
  a.done === b.done &&
  a.failed === b.failed &&
  a.active === b.active &&
  Math.round(a.fraction * 100) === Math.round(b.fraction * 100);

/** A run's state now; an ended run stays listed (as ended) until dismissed. */
export function publishStoryboardProgress(progress: StoryboardProgress): void {
  const i = runs.findIndex((r) => r.id === progress.id);
  if (i >= 0 && same(runs[i]!, progress)) return;
  emit(i < 0 ? [...runs, progress] : runs.map((r, j) => (j === i ? progress : r)));
}

/** Whether a run of this storyboard is listed (the runner reports its end only then). */
export function isStoryboardListed(id: string): boolean {
  return runs.some((r) => r.id === id);
}

export function dismissStoryboardProgress(id: string): void {
  if (isStoryboardListed(id)) emit(runs.filter((r) => r.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStoryboardProgress(): readonly StoryboardProgress[] {
  return useSyncExternalStore(subscribe, () => runs);
}
