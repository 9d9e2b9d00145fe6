import { createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { shotFieldId } from './shot-card';
import { moveShot, newShot, type Storyboard } from './storyboard';
import { TimelineStrip } from './timeline-strip';

// The timeline strip as the editor wires it (onMove edits the board with moveShot): dragging a
// shot's thumbnail onto another's place reorders the board; a click goes to the shot.

const seen: { board?: Storyboard } = {};
function Harness({ start }: { start: Storyboard }) {
  const [board, setBoard] = useState(start);
  useEffect(() => {
    seen.board = board;
  }, [board]);
  return (
    <>
      <TimelineStrip board={board} onMove={(from, to) => setBoard((b) => moveShot(b, from, to))} />
      {board.shots.map((s) => (
        <h2 key={s.id} id={shotFieldId(s.id)('heading')} tabIndex={-1}>
          {s.draft.prompt}
        </h2>
      ))}
    </>
  );
}

const start = (): Storyboard => ({
  id: 'sb-1',
  name: 'Pier chase',
  updatedAt: 0,
  cast: [],
  shots: [
    newShot({ prompt: 'harbour', duration: '6' }),
    newShot({ prompt: 'pier', duration: '4' }),
    newShot({ prompt: 'sea', duration: '8' }),
  ],
  joins: ['cut', 'cut'],
});

/** A browser's drag and drop, as the DOM events Chromium fires for it (jsdom has no DataTransfer). */
function drag(from: HTMLElement, onto: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = {
    effectAllowed: 'all',
    dropEffect: 'none',
    setData: (k: string, v: string) => data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
  };
  fireEvent.dragStart(from, { dataTransfer });
  const over = createEvent.dragOver(onto, { dataTransfer });
  fireEvent(onto, over);
  // The drop is allowed only where dragover was cancelled (preventDefault), as in a browser.
  expect(over.defaultPrevented).toBe(true);
  fireEvent.drop(onto, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

const strip = () => screen.getByRole('navigation', { name: 'Timeline' });
const labels = () =>
  within(strip())
    .getAllByRole('button')
    .map((b) => b.lastElementChild?.firstChild?.textContent); // the visible label, without the screen reader's words

describe('TimelineStrip', () => {
  it('shows each shot’s length and the total, and reorders the board when a shot is dragged onto another', () => {
    render(<Harness start={start()} />);
    expect(screen.getByTestId('timeline-total')).toHaveTextContent('Total 18.0 s');
    expect(labels()).toEqual(['1 · 6 s', '2 · 4 s', '3 · 8 s']);

    const items = within(strip()).getAllByRole('listitem');
    // The third shot (8 s) dropped on the first's place: it comes first, the others move down.
    drag(within(items[2]!).getByRole('button'), items[0]!);
    expect(seen.board!.shots.map((s) => s.draft.prompt)).toEqual(['sea', 'harbour', 'pier']);
    expect(labels()).toEqual(['1 · 8 s', '2 · 6 s', '3 · 4 s']);

    // Dropped where it was taken from: nothing moves.
    const again = within(strip()).getAllByRole('listitem');
    drag(within(again[1]!).getByRole('button'), again[1]!);
    expect(seen.board!.shots.map((s) => s.draft.prompt)).toEqual(['sea', 'harbour', 'pier']);
  });

  it('a click on a shot takes focus to that shot', async () => {
    render(<Harness start={start()} />);
    await userEvent.click(within(strip()).getAllByRole('button')[1]!);
    expect(document.activeElement).toHaveTextContent('pier');
  });
});

describe('TimelineStrip on a phone', () => {
  it('keeps its shots’ screen-reader text inside its own scroll, so a long strip never widens the page', () => {
    render(<Harness start={start()} />);
    const scroller = strip().querySelector('.overflow-x-auto')!;
    const hidden = strip().querySelectorAll('.sr-only');
    expect(hidden.length).toBe(3);
    // An absolute box (sr-only) is clipped by a scroll box only when its containing block (the
    // nearest positioned ancestor) is that box or inside it; jsdom lays nothing out, so the
    // classes that position are read. The page scrolled sideways with 4+ shots without this.
    const positioned = /(^|\s)(relative|absolute|fixed|sticky)(\s|$)/;
    for (const el of hidden) {
      let block = el.parentElement;
      while (block && !positioned.test(block.className)) block = block.parentElement;
      expect(block && scroller.contains(block)).toBe(true);
    }
  });
});
