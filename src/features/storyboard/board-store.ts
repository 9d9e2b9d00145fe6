import { isStoryboardListed, publishStoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { storyboardChannel } from '@/lib/storyboard/storyboard-channel';
import { loadStoryboard, updateStoryboard } from '@/lib/storyboard/storyboard-storage';
import type { BoardNews } from './runner-deps';
import { isRunning, overallProgress, runSummary, type Storyboard } from './storyboard';
import { parseStoryboard } from './storyboard-file';
import { hasStoppedTasks } from './stopped-takes';

/** A kept record as a board; undefined when there is none, or it no longer reads as one. */
function readKept(kept: unknown): Storyboard | undefined {
  if (kept === undefined) return undefined;
  try {
    return parseStoryboard(kept, { fresh: false });
  } catch {
    return undefined;
  }
}

/**
 * The runner's write (RunnerDeps.save): what it gives from the record kept now, in one IndexedDB
 * transaction shared by every tab of the browser, and the shell's progress strip told, in every
 * tab, by the tab that runs it: `elsewhere` (another tab runs it, this one wrote an edit; or the
 * write only joins a stopped task's take, which a tab that does not run the board may do) tells none.
 */
export async function saveBoard(
  id: string,
  next: (kept: Storyboard | undefined) => Storyboard | undefined,
  elsewhere = false,
): Promise<Storyboard | undefined> {
  const board = await updateStoryboard(id, (kept) => {
    const out = next(readKept(kept));
    // `running` lets the shell resume the run at the next start, on whatever page opens first; a
    // stopped shot's task still followed (stopped-takes.ts) is resumed too, to join its takes.
    return out && { ...out, running: isRunning(out) || hasStoppedTasks(out) };
  });
  if (!board) return undefined;
  const { running: _, ...kept } = board;
  const running = isRunning(kept);
  // The shell's strip on every page; a run's end is shown only for a run it listed.
  if (!elsewhere && (running || isStoryboardListed(id)))
    publishStoryboardProgress({
      id,
      name: kept.name,
      ...runSummary(kept),
      fraction: overallProgress(kept),
      active: running,
    });
  return kept;
}

/** The board as kept now (RunnerDeps.load); undefined when it was deleted. */
export async function loadBoard(id: string): Promise<Storyboard | undefined> {
  const kept = await loadStoryboard(id);
  return kept === undefined ? undefined : parseStoryboard(kept, { fresh: false });
}

/**
 * The tabs' news of board writes (RunnerDeps.news), as messages of their own kind on the
 * storyboard's one channel (decision 690): a tab that waits while another runs a board reads the
 * record again at each of that tab's writes, instead of polling IndexedDB. Undefined without
 * BroadcastChannel: the waiting tab's view then catches up at its writes.
 */
export function boardNews(channel = storyboardChannel()): BoardNews | undefined {
  if (!channel) return undefined;
  return {
    changed: (id) => channel.post({ kind: 'board', id }),
    listen: (hear) => channel.listen(['board'], (message) => hear(message.id)),
  };
}
