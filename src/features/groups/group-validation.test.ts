import { describe, expect, it } from 'vitest';
import { checkGroup, isDuplicateName } from './group-validation';

describe('group form checks', () => {
  it('a name is required and at most 100 characters, without control characters', () => {
    expect(checkGroup({ name: ' ', description: '' })).toEqual({ name: { key: 'nameRequired' } });
    expect(checkGroup({ name: 'x'.repeat(101) })).toEqual({
      name: { key: 'tooLong', values: { length: 101, max: 100 } },
    });
    expect(checkGroup({ name: 'a\nb' })).toEqual({ name: { key: 'nameControl' } });
    expect(checkGroup({ name: `  ${'x'.repeat(100)}  `, description: 'line\nbreak\tok' })).toEqual({});
  });

  it('a description may be empty or up to 2,000 characters; an edit may leave the name alone', () => {
    expect(checkGroup({ description: 'd'.repeat(2001) })).toEqual({
      description: { key: 'tooLong', values: { length: 2001, max: 2000 } },
    });
    expect(checkGroup({ description: 'nul\u0000' })).toEqual({ description: { key: 'descriptionControl' } });
    expect(checkGroup({ description: '' })).toEqual({});
  });

  it('a duplicate name is found whatever its case and spaces, but not the group being edited', () => {
    const groups = [
      { id: 'grp_a', name: 'Spring Launch' },
      { id: 'grp_b', name: null },
    ];
    expect(isDuplicateName(' spring launch ', groups)).toBe(true);
    expect(isDuplicateName('Spring Launch', groups, 'grp_a')).toBe(false);
    expect(isDuplicateName('Autumn', groups)).toBe(false);
    expect(isDuplicateName('', groups)).toBe(false);
  });
});
