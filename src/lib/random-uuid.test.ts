import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid';

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a fresh UUID v4 each time, also where crypto.randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const keys = new Set(Array.from({ length: 50 }, randomUuid));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
