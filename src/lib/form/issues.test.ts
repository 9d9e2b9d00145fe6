import { describe, expect, it } from 'vitest';
import { completedDraft, withoutKeyedCallback } from './draft-storage';
import { callbackIssues, hasErrors, issuesByField, tooLong, type FormIssue } from './issues';

describe('form issues', () => {
  it('shows the first issue of a field, an error before any warning, and only errors block', () => {
    const issues: FormIssue<'a' | 'b'>[] = [
      { field: 'a', code: 'unused', severity: 'warning' },
      { field: 'a', code: 'invalid' },
      { field: 'a', code: 'later' },
      { field: 'b', code: 'unused', severity: 'warning' },
    ];
    const byField = issuesByField(issues);
    expect(byField.get('a')?.code).toBe('invalid');
    expect(byField.get('b')?.code).toBe('unused');
    expect(hasErrors(issues.filter((i) => i.field === 'b'))).toBe(false);
    expect(hasErrors(issues)).toBe(true);
  });

  it('checks callback_url for the key in use and credential parameters, and counts characters', () => {
    expect(callbackIssues('cb', '', ['sk-1'])).toEqual([]);
    expect(callbackIssues('cb', 'https://h.test/x?k=sk-1', ['sk-1'])[0]?.code).toBe('callback_contains_key');
    expect(callbackIssues('cb', 'https://h.test/x?token=1', [])).toEqual([
      { field: 'cb', code: 'callback_credential_param', values: { param: 'token' }, severity: 'warning' },
    ]);
    expect(tooLong('t', '👍👍', 2)).toEqual([]);
    expect(tooLong('t', '👍👍👍', 2)).toEqual([
      { field: 't', code: 'tooLong', values: { max: 2, length: 3 } },
    ]);
  });
});

describe('draft storage', () => {
  it('never keeps a callback_url carrying the key, and takes only fields of today’s shape and type', () => {
    const draft = { callbackUrl: 'https://h.test/x?k=sk-1', prompt: 'p' };
    expect(withoutKeyedCallback(draft, 'sk-1')).toEqual({ callbackUrl: '', prompt: 'p' });
    expect(withoutKeyedCallback(draft, '')).toBe(draft);
    const empty = { prompt: '', count: 1, list: [] as string[] };
    expect(completedDraft(empty, { prompt: 'kept', count: 'x', list: 'no', extra: 1 })).toEqual({
      prompt: 'kept',
      count: 1,
      list: [],
    });
    expect(completedDraft(empty, null)).toEqual(empty);
  });
});
