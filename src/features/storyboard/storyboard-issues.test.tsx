import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newReferenceKey } from '@/lib/video-draft/draft';
import { shotFieldId } from './shot-card';
import { newShot, type Storyboard } from './storyboard';
import { useBoardFeedback } from './storyboard-issues';

// The storyboard editor's fields on the form kit: "required" waits for a run attempt, a range
// error shows as typed, a run attempt with errors lists them in the board's order and focuses the
// first, and a board without errors runs.

const castKey = newReferenceKey();
const board = (over: { castUrl?: string; prompt?: string; duration?: string } = {}): Storyboard => ({
  id: 'sb-1',
  name: 'Pier chase',
  updatedAt: 0,
  cast: [
    { key: castKey, role: 'reference_image', mediaType: 'image', alias: 'hero', url: over.castUrl ?? '' },
  ],
  shots: [
    newShot({ prompt: over.prompt ?? '@hero walks' }),
    newShot({ prompt: '@hero stops', duration: over.duration ?? '16' }, true),
  ],
  joins: ['cut'],
});

describe('useBoardFeedback', () => {
  it('shows a range error at once, "required" only after a run attempt, and runs nothing while any blocks', async () => {
    const b = board();
    const { result } = renderHook(({ b }) => useBoardFeedback(b, []), { initialProps: { b } });
    const shot2 = b.shots[1]!.id;
    expect(result.current.feedbackOf(shot2)('duration')?.issue?.code).toBe('durationRange');
    expect(result.current.feedbackOf('cast')(`ref:${castKey}:url`)).toBeUndefined();
    expect(result.current.errors).toEqual([]);

    // The first blocking field takes focus: the cast's empty URL comes before every shot.
    const input = document.createElement('input');
    input.id = shotFieldId('cast')(`ref:${castKey}:url`);
    document.body.append(input);
    const run = vi.fn();
    act(() => result.current.attempt(run));
    expect(run).not.toHaveBeenCalled();
    expect(result.current.feedbackOf('cast')(`ref:${castKey}:url`)?.issue?.code).toBe('urlRequired');
    expect(result.current.errors.map((e) => [e.owner, e.code])).toEqual([
      ['cast', 'urlRequired'],
      [shot2, 'durationRange'],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(input));
    input.remove();
  });

  it('a shot’s own empty reference URL waits for the run attempt too; once fixed, the run goes ahead', () => {
    const own = newReferenceKey();
    const shotWith = (url: string) =>
      newShot({
        prompt: '@hero walks',
        references: [{ key: own, role: 'reference_image', mediaType: 'image', alias: '', url }],
      });
    const start = board({ castUrl: 'https://x/hero.png', duration: '5' });
    const b = { ...start, shots: [shotWith(''), start.shots[1]!] };
    const { result, rerender } = renderHook(({ b }) => useBoardFeedback(b, []), { initialProps: { b } });
    const shot1 = b.shots[0]!.id;
    const field = `ref:${own}:url` as const;
    expect(result.current.feedbackOf(shot1)(field)).toBeUndefined();
    const run = vi.fn();
    act(() => result.current.attempt(run));
    expect(run).not.toHaveBeenCalled();
    expect(result.current.feedbackOf(shot1)(field)?.issue?.code).toBe('urlRequired');
    // The shot's message is its own: the other shot's same field shows nothing.
    expect(result.current.feedbackOf(b.shots[1]!.id)(field)).toBeUndefined();

    // Fixed: the message goes with the value, and the run goes ahead.
    const fixed = {
      ...b,
      shots: [{ ...b.shots[0]!, draft: shotWith('https://x/a.png').draft }, b.shots[1]!],
    };
    rerender({ b: fixed });
    expect(result.current.feedbackOf(shot1)(field)).toBeUndefined();
    expect(result.current.errors).toEqual([]);
    act(() => result.current.attempt(run));
    expect(run).toHaveBeenCalledOnce();
  });
});
