import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_SERVICE, parseBootstrap, safeParseBootstrap } from './bootstrap';
import { junk } from './test-support/arbitraries';

describe('parseBootstrap (GET /bootstrap)', () => {
  it('accepts the local server answer, with or without a default key, and passes new fields through', () => {
    const local = { object: 'bootstrap', service: BOOTSTRAP_SERVICE, version: '0.1.0', mode: 'local' };
    expect(safeParseBootstrap(local).success).toBe(true);
    const r = safeParseBootstrap({ ...local, default_api_key: 'sk-local-dev', emulator_speed: 10, extra: 1 });
    expect(r.success && r.data.extra).toBe(1);
    expect(r.success && r.data.default_api_key).toBe('sk-local-dev');
    expect(r.success && r.data.emulator_speed).toBe(10);
  });

  it('accepts proxy mode with the upstream URL, and rejects an unknown mode or a missing version', () => {
    const proxy = {
      service: 'other',
      version: '1',
      mode: 'proxy',
      upstream_base_url: 'https://api.example.com',
    };
    expect(parseBootstrap(proxy).object).toBe('bootstrap');
    expect(parseBootstrap(proxy).upstream_base_url).toBe('https://api.example.com');
    expect(safeParseBootstrap({ ...proxy, mode: 'cloud' }).success).toBe(false);
    expect(safeParseBootstrap({ ...proxy, version: undefined }).success).toBe(false);
    expect(() => parseBootstrap({ ...proxy, mode: 'cloud' })).toThrow(/mode/);
  });

  it('drops optional fields of the wrong type instead of trusting them', () => {
    const r = parseBootstrap({
      service: 's',
      version: '1',
      mode: 'local',
      default_api_key: 42,
      emulator_speed: 'x',
    });
    expect(r).not.toHaveProperty('default_api_key');
    expect(r).not.toHaveProperty('emulator_speed');
  });

  it('keeps media_tools only when every entry has a version and a source (an optional extra)', () => {
    const base = { service: 's', version: '1', mode: 'local' };
    const tools = {
      ffmpeg: { version: '7.1.1', source: 'path' },
      ffprobe: { version: '7.1.1', source: 'path' },
    };
    expect(parseBootstrap({ ...base, media_tools: tools }).media_tools).toEqual(tools);
    expect(parseBootstrap(base)).not.toHaveProperty('media_tools');
    for (const bad of ['7.1', [tools.ffmpeg], { ffmpeg: { version: 7 } }, { ffmpeg: null }])
      expect(parseBootstrap({ ...base, media_tools: bad })).not.toHaveProperty('media_tools');
  });

  it('property: never throws on junk, and rejects anything that is not an object', () => {
    fc.assert(
      fc.property(junk, (v) => {
        const r = safeParseBootstrap(v);
        expect(typeof r.success).toBe('boolean');
        if (typeof v !== 'object' || v === null || Array.isArray(v)) expect(r.success).toBe(false);
      }),
    );
  });
});
