import { beforeEach, describe, expect, it } from 'vitest';
import { lastGroup, rememberGroup } from './last-group';

describe('last group', () => {
  beforeEach(() => localStorage.clear());
  it('is the default group until one is remembered, then that group for that server only', () => {
    expect(lastGroup('http://a')).toBe('grp_default');
    rememberGroup('http://a', 'grp_pack');
    expect(lastGroup('http://a')).toBe('grp_pack');
    expect(lastGroup('http://b')).toBe('grp_default');
  });
  it('ignores what is not a group id, stored or given', () => {
    rememberGroup('http://a', '../etc');
    expect(lastGroup('http://a')).toBe('grp_default');
    localStorage.setItem('media-studio.last-group', '{"http://a": {"x":1}}');
    expect(lastGroup('http://a')).toBe('grp_default');
    localStorage.setItem('media-studio.last-group', 'not json');
    expect(lastGroup('http://a')).toBe('grp_default');
  });
  it('keeps a bounded number of servers', () => {
    for (let i = 0; i < 30; i++) rememberGroup(`http://s${i}`, `grp_${i}`);
    expect(Object.keys(JSON.parse(localStorage.getItem('media-studio.last-group')!))).toHaveLength(20);
    expect(lastGroup('http://s29')).toBe('grp_29');
  });
});
