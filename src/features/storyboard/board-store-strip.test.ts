import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { dismissStoryboardProgress, isStoryboardListed } from '@/lib/storyboard/storyboard-progress';
import { saveBoard } from './board-store';
import { threeShots } from './runner-fakes';
import { runAll } from './storyboard-runs';

describe('what a board’s write tells the progress strip (decision 650)', () => {
  it('a write of the tab that runs the board tells the strip; one of a tab that waits meanwhile does not', async () => {
    const board = { ...runAll(threeShots(), 'b'), id: 'sb-strip' };
    // The waiting tab writes the person's edit: the running tab's writes tell every tab's strip.
    await saveBoard(board.id, () => board, true);
    expect(isStoryboardListed(board.id)).toBe(false);
    await saveBoard(board.id, () => board);
    expect(isStoryboardListed(board.id)).toBe(true);
    dismissStoryboardProgress(board.id);
  });
});
