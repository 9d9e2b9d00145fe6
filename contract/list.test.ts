import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from './list';
import { listEnvelopeSchema } from './list-schema';
import { PaginationQuerySchema } from './pagination';
import { junk } from './test-support/arbitraries';

describe('PaginationQuerySchema (specification defaults page 1, page_size 20; LOCAL_API.md cap 100)', () => {
  it('defaults are left to the caller: an empty query parses to nothing set', () => {
    expect(PaginationQuerySchema.parse({})).toEqual({});
    expect(PAGE_SIZE).toEqual({ default: 20, max: 100 });
  });

  it('parses whole numbers', () => {
    expect(PaginationQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
    expect(PaginationQuerySchema.parse({ page: '1', page_size: '1' })).toEqual({ page: 1, page_size: 1 });
  });

  it('caps page_size at 100, however large', () => {
    expect(PaginationQuerySchema.parse({ page_size: '100' }).page_size).toBe(100);
    expect(PaginationQuerySchema.parse({ page_size: '101' }).page_size).toBe(100);
    expect(PaginationQuerySchema.parse({ page_size: '5000' }).page_size).toBe(100);
    expect(PaginationQuerySchema.parse({ page_size: '99999999999999999999999' }).page_size).toBe(100);
  });

  function messages(query: unknown) {
    const r = PaginationQuerySchema.safeParse(query);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  }

  it('rejects 0, -1, abc, 1.5 and empty, with one clear message each', () => {
    for (const v of ['0', '-1', 'abc', '1.5', '', '1e3', '0x10', ' ']) {
      expect(messages({ page_size: v }), v).toEqual([
        'page_size: page_size must be a whole number from 1 to 100',
      ]);
      expect(messages({ page: v }), v).toEqual(['page: page must be a whole number of 1 or more']);
    }
  });

  it('rejects a page beyond the safe integer range with a message saying so', () => {
    expect(messages({ page: '99999999999999999999' })).toEqual([
      'page: page must be at most 9007199254740991',
    ]);
  });

  it('rejects non-string values (a query string only carries text)', () => {
    expect(messages({ page: 2 })).toEqual(['page: page must be a whole number of 1 or more']);
    expect(messages({ page_size: ['10', '20'] })).toEqual([
      'page_size: page_size must be a whole number from 1 to 100',
    ]);
  });

  it('property: any positive whole number parses; page_size comes back as min(n, 100)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(PaginationQuerySchema.parse({ page: String(n), page_size: String(n) })).toEqual({
          page: n,
          page_size: Math.min(n, 100),
        });
      }),
    );
  });

  it('property: never throws; a success always has page >= 1 and 1 <= page_size <= 100', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.string()), fc.oneof(junk, fc.string()), (page, page_size) => {
        const r = PaginationQuerySchema.safeParse({ page, page_size });
        if (!r.success) return;
        if (r.data.page !== undefined)
          expect(Number.isSafeInteger(r.data.page) && r.data.page >= 1).toBe(true);
        if (r.data.page_size !== undefined) {
          expect(Number.isInteger(r.data.page_size)).toBe(true);
          expect(r.data.page_size).toBeGreaterThanOrEqual(1);
          expect(r.data.page_size).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('listEnvelopeSchema (specification, asset list response envelope)', () => {
  const schema = listEnvelopeSchema(z.object({ id: z.string() }));
  const envelope = { object: 'list', data: [{ id: 'a' }], count: 1, total: 7, page: 1, page_size: 20 };

  it('accepts the envelope, passing unknown fields through', () => {
    const r = schema.safeParse({ ...envelope, request_id: 'req_1', trace_id: 'trace_1', has_more: true });
    expect(r.success).toBe(true);
    expect(r.success && (r.data as Record<string, unknown>).has_more).toBe(true);
  });

  it('requires data and the counts', () => {
    for (const key of ['data', 'count', 'total', 'page', 'page_size'] as const) {
      const { [key]: _omit, ...rest } = envelope;
      expect(schema.safeParse(rest).success, key).toBe(false);
    }
    expect(schema.safeParse({ ...envelope, page: 0 }).success).toBe(false);
  });

  it('reads a missing or odd object field as list', () => {
    const { object: _omit, ...rest } = envelope;
    expect(schema.safeParse(rest).success && schema.parse(rest).object).toBe('list');
  });
});

describe('isListEnvelope (zod-free shape check)', () => {
  it('accepts the envelope and rejects what is not one', async () => {
    const { isListEnvelope } = await import('./list');
    const ok = { object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 20 };
    expect(isListEnvelope(ok)).toBe(true);
    expect(isListEnvelope({ ...ok, page: 0 })).toBe(false);
    expect(isListEnvelope({ ...ok, data: {} })).toBe(false);
    expect(isListEnvelope({ ...ok, total: 1.5 })).toBe(false);
    expect(isListEnvelope('<html>')).toBe(false);
    expect(isListEnvelope(null)).toBe(false);
  });
});
