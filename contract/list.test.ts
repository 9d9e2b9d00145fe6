import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isListEnvelope, PAGE_SIZE } from './list';
import { listAnswer, listEnvelopeSchema } from './list-schema';
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
    expect(r.success && (r.data as unknown as Record<string, unknown>).has_more).toBe(true);
  });

  it('requires data, count, total and page once listAnswer has read or derived them', () => {
    for (const key of ['data', 'count', 'total', 'page'] as const) {
      const { [key]: _omit, ...rest } = envelope;
      expect(schema.safeParse(rest).success, key).toBe(false);
    }
    expect(schema.safeParse({ ...envelope, page: 0 }).success).toBe(false);
  });

  it('does not require page_size (only some deployments echo it) and reads it when present', () => {
    const { page_size: _omit, ...rest } = envelope;
    const r = schema.parse(rest);
    expect(r.page_size).toBeUndefined();
    expect(r.data).toEqual([{ id: 'a' }]);
    expect(schema.parse({ ...envelope, page_size: 50 }).page_size).toBe(50);
    expect(schema.parse({ ...envelope, page_size: 'fifty' }).page_size).toBeUndefined();
  });

  it('reads a missing or odd object field as list', () => {
    const { object: _omit, ...rest } = envelope;
    expect(schema.safeParse(rest).success && schema.parse(rest).object).toBe('list');
  });

  it('one unreadable item keeps its place, marked with its raw JSON; the others are read', () => {
    const data = Array.from({ length: 100 }, (_, i) =>
      i === 36 ? { name: 'no id', size: 3 } : { id: `a${i}` },
    );
    const r = schema.parse({ object: 'list', data, count: 100, total: 250, page: 2 });
    expect(r.data).toHaveLength(100);
    expect(r.data[35]).toEqual({ id: 'a35' });
    expect(r.data[37]).toEqual({ id: 'a37' });
    const bad = r.data[36]!;
    expect(bad.id).toBe('unreadable:2:36');
    expect(bad.unreadable?.index).toBe(36);
    expect(JSON.parse(bad.unreadable!.raw)).toEqual({ name: 'no id', size: 3 });
    expect(bad.unreadable?.reason).toMatch(/./);
  });

  it('an item that is not an object at all is marked too', () => {
    const r = schema.parse({ ...envelope, data: [null, 'x', { id: 'b' }], count: 3 });
    expect(r.data.map((d) => d.unreadable?.raw ?? d.id)).toEqual(['null', '"x"', 'b']);
  });
});

describe('isListEnvelope (zod-free shape check)', () => {
  it('accepts the envelope with or without page_size, and rejects what is not one', async () => {
    const { isListEnvelope } = await import('./list');
    const ok = { object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 20 };
    expect(isListEnvelope(ok)).toBe(true);
    const { page_size: _omit, ...spec } = ok;
    expect(isListEnvelope(spec)).toBe(true);
    expect(isListEnvelope({ ...ok, page: 0 })).toBe(false);
    expect(isListEnvelope({ ...ok, data: {} })).toBe(false);
    expect(isListEnvelope({ ...ok, total: 1.5 })).toBe(false);
    expect(isListEnvelope({ ...ok, object: 'user' })).toBe(false);
    expect(isListEnvelope({ items: [], ok: true })).toBe(false);
    expect(isListEnvelope('<html>')).toBe(false);
    expect(isListEnvelope(null)).toBe(false);
  });
});

describe('answeredPageSize (paging by what the server answered)', () => {
  it('reads page_size when the server echoes it, even below the requested size', async () => {
    const { answeredPageSize } = await import('./list');
    expect(answeredPageSize({ count: 50, total: 250, page: 1, page_size: 50 }, 100)).toBe(50);
    expect(answeredPageSize({ count: 100, total: 250, page: 1, page_size: 100 }, 100)).toBe(100);
  });

  it('without page_size, a short page that is not the last reveals the cap', async () => {
    const { answeredPageSize } = await import('./list');
    expect(answeredPageSize({ count: 50, total: 250, page: 1 }, 100)).toBe(50);
    expect(answeredPageSize({ count: 50, total: 250, page: 2 }, 100)).toBe(50);
  });

  it('without page_size, a full page or the real last page keeps the requested size', async () => {
    const { answeredPageSize } = await import('./list');
    expect(answeredPageSize({ count: 100, total: 250, page: 1 }, 100)).toBe(100);
    expect(answeredPageSize({ count: 30, total: 230, page: 3 }, 100)).toBe(100);
    expect(answeredPageSize({ count: 7, total: 7, page: 1 }, 100)).toBe(100);
    expect(answeredPageSize({ count: 0, total: 0, page: 1 }, 100)).toBe(100);
  });

  it('reads a short page after the first by page 1, which tells a last page from a capped one', async () => {
    const { answeredPageSize, needsFirstPage } = await import('./list');
    // 120 items, 100 asked for: the last page (20 items) of a server capping at 50 ...
    const capped50 = { count: 20, total: 120, page: 3 };
    expect(needsFirstPage(capped50, 100)).toBe(true);
    expect(answeredPageSize(capped50, 100, { count: 50, total: 120, page: 1 })).toBe(50);
    // ... reads like a full page of a server capping at 20 on its own, and is one when page 1 says so.
    expect(answeredPageSize(capped50, 100, { count: 20, total: 120, page: 1 })).toBe(20);
    expect(answeredPageSize(capped50, 100, { count: 100, total: 250, page: 1 })).toBe(100);
    // What a page says of itself still wins; a page 1 that is the whole list says nothing.
    expect(answeredPageSize({ ...capped50, page_size: 40 }, 100, { count: 50, total: 120, page: 1 })).toBe(
      40,
    );
    expect(answeredPageSize({ count: 50, total: 250, page: 2 }, 100, { count: 7, total: 7, page: 1 })).toBe(
      50,
    );
    expect(needsFirstPage({ count: 50, total: 120, page: 1 }, 100)).toBe(false);
    expect(needsFirstPage({ count: 100, total: 250, page: 2 }, 100)).toBe(false);
    expect(needsFirstPage({ ...capped50, page_size: 50 }, 100)).toBe(false);
  });
});

describe('listAnswer: count, total and page read when present, derived when absent', () => {
  const asked = { page: 2, pageSize: 2 };
  it('keeps what the answer says', () => {
    expect(listAnswer({ data: [1], count: 1, total: 9, page: 5 }, asked)).toMatchObject({
      count: 1,
      total: 9,
      page: 5,
    });
  });
  it('derives from what came back: a short page is the last one, a full one may have a next', () => {
    expect(listAnswer({ data: [1] }, asked)).toEqual({
      object: 'list',
      data: [1],
      count: 1,
      page: 2,
      total: 3,
      total_derived: true,
    });
    expect(listAnswer({ data: [1, 2] }, asked)).toMatchObject({ total: 5, total_derived: true });
  });
  it('a page full at the size the deployment says (capped below the one asked) may have a next', () => {
    // 100 asked, 50 answered with page_size 50 and no total: page 2 exists as far as anyone knows.
    const capped = { data: Array.from({ length: 50 }, (_, i) => i), page_size: 50, page: 1 };
    expect(listAnswer(capped, { page: 1, pageSize: 100 })).toMatchObject({ total: 51, total_derived: true });
    expect(listAnswer({ ...capped, page: 2 }, { page: 2, pageSize: 100 })).toMatchObject({ total: 101 });
  });
  it('a bare array; one longer than the page asked for is a list that does not page', () => {
    expect(listAnswer([1], { page: 1, pageSize: 20 })).toMatchObject({ count: 1, total: 1, page: 1 });
    expect(listAnswer([1, 2, 3], { page: 3, pageSize: 2 })).toMatchObject({ count: 3, total: 3, page: 1 });
  });
  it('an answer without a data array is left for the schema to refuse', () => {
    expect(listAnswer({ items: [] }, asked)).toEqual({ items: [] });
    expect(listAnswer('x', asked)).toBe('x');
  });
  it('isListEnvelope needs only data; counts that are present must be counts', () => {
    expect(isListEnvelope({ data: [] })).toBe(true);
    expect(isListEnvelope({ data: [], total: -1 })).toBe(false);
  });
});
