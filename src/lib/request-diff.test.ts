import { describe, expect, it } from 'vitest';
import { promptDiff, requestDifferences, withLeaves } from './request-diff';

describe('request differences', () => {
  it('lists every field of either request by path, marking the ones that differ', () => {
    const rows = requestDifferences(
      { prompt: 'a cat', duration: 5, references: [{ url: 'u1' }] },
      { prompt: 'a dog', duration: 5, references: [{ url: 'u1' }, { url: 'u2' }], ratio: '16:9' },
    );
    expect(rows.map((r) => [r.path, r.differs])).toEqual([
      ['prompt', true],
      ['duration', false],
      ['references[0].url', false],
      ['references[1].url', true],
      ['ratio', true],
    ]);
    expect(rows[3]).toMatchObject({ values: [undefined, 'u2'] });
  });

  it('compares any number of requests against each other', () => {
    const rows = requestDifferences({ a: 1, b: 'x' }, { a: 1, b: 'x' }, { a: 1, b: 'y' });
    expect(rows).toEqual([
      { path: 'a', values: [1, 1, 1], differs: false },
      { path: 'b', values: ['x', 'x', 'y'], differs: true },
    ]);
    expect(requestDifferences({ a: 1 })).toEqual([{ path: 'a', values: [1], differs: false }]);
  });

  it('diffs text word by word', () => {
    expect(promptDiff('a cat runs', 'a dog runs').filter((p) => p.change !== 'same')).toEqual([
      { text: 'cat', change: 'removed' },
      { text: 'dog', change: 'added' },
    ]);
  });
});

describe('withLeaves', () => {
  it('replaces strings by path and keeps everything else', () => {
    const request = { prompt: 'a', duration: 5, references: [{ url: 'u1', role: 'r' }] };
    expect(
      withLeaves(
        request,
        new Map([
          ['references[0].url', 'u2'],
          ['prompt', 'b'],
        ]),
      ),
    ).toEqual({
      prompt: 'b',
      duration: 5,
      references: [{ url: 'u2', role: 'r' }],
    });
  });
});
