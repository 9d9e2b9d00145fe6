import { describe, expect, it } from 'vitest';
import {
  importRatings,
  matchesRating,
  parseRatings,
  rateTask,
  ratingsOf,
  restoreRatings,
  withRatings,
} from './ratings-store';

describe('ratings', () => {
  it('parses only task ids with 1-5 whole stars or a note, and bounds the note', () => {
    const parsed = parseRatings({
      task_a: { stars: 4 },
      task_b: { stars: 9 },
      'bad id/../': { stars: 3 },
      task_c: { note: 'x'.repeat(900) },
      task_d: { stars: 2.5 },
      task_e: 'five',
    });
    expect([...parsed.keys()]).toEqual(['task_a', 'task_c']);
    expect(parsed.get('task_c')?.note).toHaveLength(500);
  });

  it('filters by stars, note or none', () => {
    expect(matchesRating({ stars: 3 }, 'starred')).toBe(true);
    expect(matchesRating({ stars: 3 }, '4')).toBe(false);
    expect(matchesRating({ stars: 5 }, '4')).toBe(true);
    expect(matchesRating(undefined, 'unrated')).toBe(true);
    expect(matchesRating({ note: 'keep' }, 'noted')).toBe(true);
    expect(matchesRating({ note: 'keep' }, 'starred')).toBe(false);
    expect(matchesRating(undefined, '')).toBe(true);
  });

  it('travels in the export file and back; a result rated here keeps its rating', () => {
    rateTask('task_x', { stars: 5, note: 'the one' });
    rateTask('task_y', { stars: 2 });
    const file = withRatings(JSON.stringify({ format: 'media-studio.tasks', tasks: [{ id: 'task_x' }] }));
    expect(JSON.parse(file).ratings).toEqual({ task_x: { stars: 5, note: 'the one' } });
    const incoming = JSON.stringify({ tasks: [], ratings: { task_x: { stars: 1 }, task_z: { stars: 4 } } });
    expect(importRatings(incoming)).toBe(1);
    const again = JSON.parse(withRatings(JSON.stringify({ tasks: [{ id: 'task_x' }, { id: 'task_z' }] })));
    expect(again.ratings).toEqual({ task_x: { stars: 5, note: 'the one' }, task_z: { stars: 4 } });
  });

  it('clearing both stars and note forgets the rating', () => {
    rateTask('task_q', { stars: 3 });
    rateTask('task_q', { stars: undefined });
    expect(JSON.parse(withRatings(JSON.stringify({ tasks: [{ id: 'task_q' }] }))).ratings).toEqual({});
  });

  it('is kept as the other stores are (zustand persist), and reads what another tab stored', async () => {
    rateTask('task_kept', { stars: 4 });
    const stored = JSON.parse(localStorage.getItem('media-studio.task-ratings') ?? '{}');
    expect(stored).toMatchObject({ version: 1, state: { ratings: { task_kept: { stars: 4 } } } });

    const ratedElsewhere = { version: 1, state: { ratings: { task_there: { stars: 2, note: 'meh' } } } };
    localStorage.setItem('media-studio.task-ratings', JSON.stringify(ratedElsewhere));
    window.dispatchEvent(new StorageEvent('storage', { key: 'media-studio.task-ratings' }));
    await Promise.resolve();
    const file = withRatings(JSON.stringify({ tasks: [{ id: 'task_there' }, { id: 'task_kept' }] }));
    expect(JSON.parse(file).ratings).toEqual({ task_there: { stars: 2, note: 'meh' } });
  });

  it('reads a record stored before it was a zustand store (ratings by task id)', async () => {
    localStorage.setItem(
      'media-studio.task-ratings',
      JSON.stringify({ task_old: { stars: 5 }, 'bad/id': { stars: 1 } }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'media-studio.task-ratings' }));
    await Promise.resolve();
    const file = withRatings(JSON.stringify({ tasks: [{ id: 'task_old' }] }));
    expect(JSON.parse(file).ratings).toEqual({ task_old: { stars: 5 } });
  });
});

describe('rejects (review mode)', () => {
  it('a reject is a verdict of its own: kept beside the stars, taken back without losing them', () => {
    rateTask('task_r', { stars: 2 });
    rateTask('task_r', { rejected: true });
    expect(
      parseRatings(JSON.parse(withRatings(JSON.stringify({ tasks: [{ id: 'task_r' }] }))).ratings),
    ).toEqual(new Map([['task_r', { stars: 2, rejected: true }]]));
    rateTask('task_r', { rejected: false });
    expect(ratingsOf(['task_r']).get('task_r')).toEqual({ stars: 2 });
  });

  it('a rejected result is neither unrated nor starred-by-default; the rejected filter finds it', () => {
    expect(matchesRating({ rejected: true }, 'unrated')).toBe(false);
    expect(matchesRating({ rejected: true }, 'rejected')).toBe(true);
    expect(matchesRating({ stars: 4 }, 'rejected')).toBe(false);
    expect(matchesRating({ rejected: true }, 'kept')).toBe(false);
    expect(matchesRating({ stars: 1 }, 'kept')).toBe(true);
    expect(parseRatings({ task_s: { rejected: 'yes' } }).size).toBe(0);
  });

  it('restores what it saw in one step (undo)', () => {
    rateTask('task_u', { rejected: true });
    const saved = ratingsOf(['task_u', 'task_v']);
    rateTask('task_u', { rejected: false });
    rateTask('task_v', { stars: 5 });
    restoreRatings(saved);
    expect(ratingsOf(['task_u', 'task_v'])).toEqual(
      new Map([
        ['task_u', { rejected: true }],
        ['task_v', undefined],
      ]),
    );
  });
});
