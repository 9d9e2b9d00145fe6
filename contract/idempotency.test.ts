import { describe, expect, it } from 'vitest';
import { canonicalJson, PASSING_STATUSES } from './idempotency';

describe('idempotency rules shared by the server and the dashboard', () => {
  it('reads two bodies alike whatever their key order, at any depth, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { x: 0, y: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson('text')).toBe('"text"');
  });

  it('lets answers about the moment or the account pass, and keeps the request’s own refusals', () => {
    for (const status of [401, 402, 403, 408, 409, 425, 429]) expect(PASSING_STATUSES.has(status)).toBe(true);
    for (const status of [400, 404, 413, 415, 422]) expect(PASSING_STATUSES.has(status)).toBe(false);
  });
});
