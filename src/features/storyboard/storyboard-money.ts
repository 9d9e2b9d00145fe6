import type { TrackedTask } from '@/api/task-registry-schema';
import type { CostInput, PriceBook } from '@/lib/money/prices';
import { sumCosts } from '@/lib/money/prices';
import { checkCaps, requestCostInput, spentOnDay, type CapBreach } from '@/lib/money/task-cost';
import { shotBody, type Storyboard } from './storyboard';

/**
 * A storyboard run in money, as every submit of the dashboard counts it (src/lib/money): the
 * shots' requests priced by the person's book, and the caps asked before a run goes over them.
 */

/** What each shot of the run is priced by: its request as sent (tokens estimated, billing rule). */
export function runCostInputs(board: Storyboard, shots: readonly number[]): CostInput[] {
  return shots.map((i) => requestCostInput({ kind: 'video', body: shotBody(board, i) }));
}

/** The cap this run would go over (its own estimate, or today's spend with it), or undefined. */
export function runCapBreach(
  book: PriceBook,
  board: Storyboard,
  shots: readonly number[],
  tracked: readonly TrackedTask[],
  now = Date.now(),
): CapBreach | undefined {
  return checkCaps(book, sumCosts(book, runCostInputs(board, shots)), spentOnDay(book, tracked, now));
}
