import { describe, expect, it } from 'vitest';
import { createDraftStore } from './draft-storage';

const EMPTY = { name: '', tags: [] as string[], count: 0 };

describe('a form draft store', () => {
  it('keeps the draft across a reload (a new store under the same name reads it back)', () => {
    const before = createDraftStore('media-studio:test-draft', EMPTY);
    before.getState().draftChanged({ name: 'Spring' });
    before.getState().draftChanged({ tags: ['a'] });
    expect(JSON.parse(sessionStorage.getItem('media-studio:test-draft')!).state.draft).toEqual({
      name: 'Spring',
      tags: ['a'],
      count: 0,
    });

    const reloaded = createDraftStore('media-studio:test-draft', EMPTY);
    expect(reloaded.getState().draft).toEqual({ name: 'Spring', tags: ['a'], count: 0 });
    reloaded.getState().draftReplaced(EMPTY);
    expect(createDraftStore('media-studio:test-draft', EMPTY).getState().draft).toEqual(EMPTY);
  });

  it('completes a stored draft of another shape with the defaults, never trusting its types', () => {
    sessionStorage.setItem(
      'media-studio:old-draft',
      JSON.stringify({ state: { draft: { name: 42, tags: 'x', count: 3, gone: true } }, version: 0 }),
    );
    expect(createDraftStore('media-studio:old-draft', EMPTY).getState().draft).toEqual({
      name: '',
      tags: [],
      count: 3,
    });
  });
});
