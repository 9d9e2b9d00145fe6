import { describe, expect, it } from 'vitest';
import { duplicateNameIssues, groupChange, groupIssues } from './group-validation';

const required = { field: 'name', code: 'nameRequired' };

describe('group form checks', () => {
  it('a name is required, of any length the server takes (its bound is its own), without control characters', () => {
    expect(groupIssues({ name: ' ', description: '' })).toEqual([required]);
    expect(groupIssues({ name: 'x'.repeat(5_000), description: '' })).toEqual([]);
    expect(groupIssues({ name: 'a\nb', description: '' })).toEqual([
      { field: 'name', code: 'controlCharacters', values: {} },
    ]);
    expect(groupIssues({ name: `  ${'x'.repeat(100)}  `, description: 'line\nbreak\tok' })).toEqual([]);
  });

  it('a description may be empty or of any length (2,000 is the local server’s own bound), with line breaks but no NUL', () => {
    const name = 'Spring';
    expect(groupIssues({ name, description: 'd'.repeat(2001) })).toEqual([]);
    expect(groupIssues({ name, description: 'nul\u0000' })).toEqual([
      { field: 'description', code: 'controlCharactersMultiline', values: {} },
    ]);
    expect(groupIssues({ name, description: '' })).toEqual([]);
  });

  it('an edit judges and sends only what changed', () => {
    const saved = { name: '', description: 'old' };
    // A group saved without a name can have its description edited.
    expect(groupIssues({ name: '', description: 'new' }, saved)).toEqual([]);
    expect(groupChange({ name: '', description: 'new' }, saved)).toEqual({ description: 'new' });
    expect(groupIssues({ name: ' ', description: 'old' }, { name: 'Was', description: 'old' })).toEqual([
      required,
    ]);
    expect(groupIssues(saved, saved)).toEqual([]);
  });

  it('a duplicate name is a warning whatever its case and spaces, but not for the group being edited', () => {
    const groups = [
      { id: 'grp_a', name: 'Spring Launch' },
      { id: 'grp_b', name: null },
    ];
    expect(duplicateNameIssues(' spring launch ', groups)).toEqual([
      { field: 'name', code: 'duplicateName', severity: 'warning', values: { name: 'spring launch' } },
    ]);
    expect(duplicateNameIssues('Spring Launch', groups, 'grp_a')).toEqual([]);
    expect(duplicateNameIssues('Autumn', groups)).toEqual([]);
    expect(duplicateNameIssues('', groups)).toEqual([]);
  });
});
