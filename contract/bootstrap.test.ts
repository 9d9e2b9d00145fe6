import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_SERVICE, BootstrapSchema } from './bootstrap';
import { junk } from './test-support/arbitraries';

describe('BootstrapSchema (GET /bootstrap)', () => {
  it('accepts the local server answer, with or without a default key, and passes new fields through', () => {
    const local = { object: 'bootstrap', service: BOOTSTRAP_SERVICE, version: '0.1.0', mode: 'local' };
    expect(BootstrapSchema.safeParse(local).success).toBe(true);
    const r = BootstrapSchema.safeParse({
      ...local,
      default_api_key: 'sk-local-dev',
      emulator_speed: 10,
      extra: 1,
    });
    expect(r.success && (r.data as Record<string, unknown>).extra).toBe(1);
  });

  it('accepts proxy mode with the upstream URL, and rejects an unknown mode', () => {
    const proxy = {
      service: 'other',
      version: '1',
      mode: 'proxy',
      upstream_base_url: 'https://api.example.com',
    };
    expect(BootstrapSchema.parse(proxy).object).toBe('bootstrap');
    expect(BootstrapSchema.safeParse({ ...proxy, mode: 'cloud' }).success).toBe(false);
    expect(BootstrapSchema.safeParse({ ...proxy, version: undefined }).success).toBe(false);
  });

  it('property: never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof BootstrapSchema.safeParse(v).success).toBe('boolean');
      }),
    );
  });
});
