import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ASSET_STATUSES,
  LENIENT_ASSET_FIELDS,
  LenientAssetSchema,
  PREPARATION_STATUSES,
  READINESS_CONDITIONS,
  REVIEW_STATUSES,
  SYNC_STATUSES,
  assetPhase,
  assetReference,
  inferAssetType,
  isGenerationReady,
  parseAssetReference,
  readinessFailures,
} from './asset';
import {
  AssetListFiltersSchema,
  AssetSchema,
  RegisterAssetByUrlSchema,
  UploadAssetFieldsSchema,
} from './asset-schemas';
import { expectNoPrototypePollution, junk, junkRecord, oddString } from './test-support/arbitraries';

afterEach(expectNoPrototypePollution);

/** Asset states rule 1, written out here. */
const SPEC_CONDITIONS = [
  'status',
  'preparation_status',
  'generation_ready',
  'review_status',
  'review_passed',
] as const;

const READY = {
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
} as const;

/** Specification, Asset states rule 2: review passed, yet preparation failed. */
const RULE_2_EXAMPLE = {
  review_status: 'succeeded',
  review_passed: true,
  status: 'failed',
  preparation_status: 'failed',
  generation_ready: false,
  sync_error: 'input image rejected by the content policy',
} as const;

function fullAsset(overrides: Record<string, unknown> = {}) {
  return {
    object: 'asset',
    id: 'asset_abc',
    asset_id: 'asset_abc',
    group_id: 'grp_default',
    domain: 'media',
    type: 'image',
    asset_type: 'image',
    name: 'cat',
    description: '',
    source_url: 'https://example.com/cat.png',
    url: 'https://example.com/cat.png',
    oss_url: '',
    reference: 'Asset://asset_abc',
    asset_ref: 'Asset://asset_abc',
    content_type: 'image/png',
    size: 1234,
    duration: 0,
    sync_status: 'ready',
    visibility: 'private',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_001,
    ...READY,
    ...overrides,
  };
}

describe('state value lists (specification, Asset states)', () => {
  it('match the table', () => {
    expect(ASSET_STATUSES).toEqual(['created', 'syncing', 'ready', 'failed', 'disabled']);
    expect(SYNC_STATUSES).toEqual(['created', 'syncing', 'ready', 'failed']);
    expect(PREPARATION_STATUSES).toEqual(['created', 'syncing', 'ready', 'failed', 'disabled']);
    expect(REVIEW_STATUSES).toEqual(['succeeded', 'pending', 'failed', 'unknown']);
  });
});

describe('isGenerationReady (Asset states rule 1)', () => {
  it('is true when all five fields hold', () => {
    expect(isGenerationReady(READY)).toBe(true);
    expect(readinessFailures(READY)).toEqual([]);
  });

  it('rule 2 example: review succeeded and passed but status failed is not ready', () => {
    expect(isGenerationReady(RULE_2_EXAMPLE)).toBe(false);
    expect(readinessFailures(RULE_2_EXAMPLE)).toEqual(['status', 'preparation_status', 'generation_ready']);
  });

  it('review succeeded alone proves nothing; generation_ready alone proves nothing', () => {
    expect(isGenerationReady({ review_status: 'succeeded', review_passed: true })).toBe(false);
    expect(isGenerationReady({ generation_ready: true, preparation_status: 'ready' })).toBe(false);
  });

  it('needs the exact values: truthy strings are not true, upper case is not ready', () => {
    expect(isGenerationReady({ ...READY, generation_ready: 'true' })).toBe(false);
    expect(isGenerationReady({ ...READY, review_passed: 1 })).toBe(false);
    expect(isGenerationReady({ ...READY, status: 'READY' })).toBe(false);
  });

  it('null and undefined are not ready, with every condition listed', () => {
    expect(isGenerationReady(null)).toBe(false);
    expect(isGenerationReady(undefined)).toBe(false);
    expect(READINESS_CONDITIONS).toEqual(SPEC_CONDITIONS);
    expect(readinessFailures(undefined)).toEqual([...SPEC_CONDITIONS]);
  });

  const wrongValue: Record<(typeof SPEC_CONDITIONS)[number], fc.Arbitrary<unknown>> = {
    status: fc.oneof(fc.constantFrom('created', 'syncing', 'failed', 'disabled'), junk),
    preparation_status: fc.oneof(fc.constantFrom('created', 'syncing', 'failed', 'disabled'), junk),
    generation_ready: fc.oneof(fc.constant(false), junk),
    review_status: fc.oneof(fc.constantFrom('pending', 'failed', 'unknown'), junk),
    review_passed: fc.oneof(fc.constant(false), junk),
  };

  it('property: flipping any one of the five fields makes it false, and names exactly that field', () => {
    const flip = fc
      .constantFrom(...SPEC_CONDITIONS)
      .chain((field) =>
        wrongValue[field].filter((v) => v !== READY[field]).map((value) => ({ field, value })),
      );
    fc.assert(
      fc.property(flip, junkRecord, ({ field, value }, extra) => {
        const asset = { ...extra, ...READY, [field]: value };
        expect(isGenerationReady(asset)).toBe(false);
        expect(readinessFailures(asset)).toEqual([field]);
      }),
    );
  });

  it('property: true iff all five fields hold, whatever else the asset carries', () => {
    const field = (ok: unknown, other: fc.Arbitrary<unknown>) => fc.oneof(fc.constant(ok), other);
    const asset = fc.record({
      status: field('ready', fc.constantFrom(...ASSET_STATUSES)),
      preparation_status: field('ready', fc.constantFrom(...PREPARATION_STATUSES)),
      generation_ready: field(true, fc.boolean()),
      review_status: field('succeeded', fc.constantFrom(...REVIEW_STATUSES)),
      review_passed: field(true, fc.boolean()),
    });
    fc.assert(
      fc.property(asset, junkRecord, (a, extra) => {
        const all =
          a.status === 'ready' &&
          a.preparation_status === 'ready' &&
          a.generation_ready === true &&
          a.review_status === 'succeeded' &&
          a.review_passed === true;
        expect(isGenerationReady({ ...extra, ...a })).toBe(all);
      }),
    );
  });

  it('property: never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof isGenerationReady(v as never)).toBe('boolean');
        expect(Array.isArray(readinessFailures(v as never))).toBe(true);
      }),
    );
  });
});

describe('assetPhase (Asset states rules 3 and 4)', () => {
  it('ready only when all five fields hold', () => {
    expect(assetPhase(READY)).toBe('ready');
  });

  it('rule 3: syncing preparation or generation_ready=false without failure means re-query (preparing)', () => {
    expect(assetPhase({ ...READY, preparation_status: 'syncing', generation_ready: false })).toBe(
      'preparing',
    );
    expect(assetPhase({ ...READY, generation_ready: false })).toBe('preparing');
    expect(assetPhase({ status: 'created', preparation_status: 'created', review_status: 'pending' })).toBe(
      'preparing',
    );
  });

  it('rule 4 and the rule 2 example: failed preparation is failed (read sync_error)', () => {
    expect(assetPhase(RULE_2_EXAMPLE)).toBe('failed');
    expect(assetPhase({ ...READY, preparation_status: 'failed' })).toBe('failed');
    expect(assetPhase({ status: 'syncing', preparation_status: 'syncing', sync_status: 'failed' })).toBe(
      'failed',
    );
    // Rule 1 decides readiness: the five fields holding is ready whatever sync_status says.
    expect(assetPhase({ ...READY, sync_status: 'failed' })).toBe('ready');
  });

  it('a failed or not passed review is failed', () => {
    expect(assetPhase({ ...READY, review_status: 'failed', review_passed: false })).toBe('failed');
    expect(assetPhase({ ...READY, review_passed: false })).toBe('failed');
  });

  it('disabled records are disabled', () => {
    expect(assetPhase({ ...READY, status: 'disabled' })).toBe('disabled');
    expect(assetPhase({ ...READY, preparation_status: 'disabled' })).toBe('disabled');
  });

  it('property: never throws; ready exactly when isGenerationReady', () => {
    fc.assert(
      fc.property(fc.oneof(junkRecord, fc.constant(null)), (a) => {
        const phase = assetPhase(a as never);
        expect(['ready', 'preparing', 'failed', 'disabled']).toContain(phase);
        expect(phase === 'ready').toBe(isGenerationReady(a as never));
      }),
    );
  });
});

describe('Asset references (Asset://<asset_id>)', () => {
  it('builds and parses the reference form', () => {
    expect(assetReference('asset_abc')).toBe('Asset://asset_abc');
    expect(parseAssetReference('Asset://asset_abc')).toBe('asset_abc');
    expect(parseAssetReference('  Asset://asset_abc \n')).toBe('asset_abc');
  });

  it('rejects everything that is not a reference', () => {
    for (const v of [
      'asset_abc',
      'https://example.com/Asset://asset_abc',
      'Asset://',
      'Asset:// asset_abc',
      'Asset://asset abc',
      'Asset://../secret',
      'Asset://asset_abc/extra',
      'asset://asset_abc',
      null,
      undefined,
      42,
      { url: 'Asset://asset_abc' },
    ])
      expect(parseAssetReference(v), String(v)).toBeUndefined();
  });

  it('property: round-trips any id of letters, digits, _ and -', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), (id) => {
        expect(parseAssetReference(assetReference(id))).toBe(id);
      }),
    );
  });

  it('property: never throws; what it returns is a plain token', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          oddString.map((s) => `Asset://${s}`),
        ),
        (v) => {
          const id = parseAssetReference(v);
          if (id !== undefined) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
        },
      ),
    );
  });
});

describe('inferAssetType', () => {
  it('maps MIME families to the four types', () => {
    expect(inferAssetType('image/png')).toBe('image');
    expect(inferAssetType('IMAGE/JPEG; charset=binary')).toBe('image');
    expect(inferAssetType('audio/mpeg')).toBe('audio');
    expect(inferAssetType('video/mp4')).toBe('video');
    expect(inferAssetType('application/pdf')).toBe('file');
    expect(inferAssetType('')).toBe('file');
    expect(inferAssetType(null)).toBe('file');
    expect(inferAssetType(undefined)).toBe('file');
  });
});

describe('AssetSchema (what the local server writes)', () => {
  it('accepts a complete asset with every field of the specification', () => {
    expect(AssetSchema.safeParse(fullAsset()).success).toBe(true);
  });

  it('rejects values outside the state tables and fields missing', () => {
    expect(AssetSchema.safeParse(fullAsset({ status: 'READY' })).success).toBe(false);
    expect(AssetSchema.safeParse(fullAsset({ sync_status: 'disabled' })).success).toBe(false);
    expect(AssetSchema.safeParse(fullAsset({ review_status: 'passed' })).success).toBe(false);
    expect(AssetSchema.safeParse(fullAsset({ size: -1 })).success).toBe(false);
    expect(AssetSchema.safeParse(fullAsset({ created_at: 1.5 })).success).toBe(false);
    const { generation_ready: _omit, ...withoutReady } = fullAsset();
    expect(AssetSchema.safeParse(withoutReady).success).toBe(false);
  });
});

describe('LenientAssetSchema (what the dashboard reads from any deployment)', () => {
  it('falls back from id to asset_id', () => {
    const r = LenientAssetSchema.safeParse({ asset_id: 'asset_x' });
    expect(r.success && r.data.id).toBe('asset_x');
  });

  it('keeps unknown fields and unknown state values visible', () => {
    const r = LenientAssetSchema.safeParse({ id: 'asset_x', status: 'quarantined', new_field: [1] });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.status).toBe('quarantined');
    expect((r.data as Record<string, unknown>).new_field).toEqual([1]);
  });

  it('drops wrongly typed known fields instead of failing', () => {
    const r = LenientAssetSchema.safeParse({ id: 'asset_x', size: '12', generation_ready: 'yes', name: 5 });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.size).toBeUndefined();
    expect(r.data.generation_ready).toBeUndefined();
    expect(r.data.name).toBeUndefined();
  });

  it('a dropped generation_ready never reads as ready', () => {
    const r = LenientAssetSchema.safeParse({ id: 'asset_x', ...READY, generation_ready: 'true' });
    expect(r.success && isGenerationReady(r.data)).toBe(false);
  });

  it('accepts the full strict asset unchanged', () => {
    const asset = fullAsset();
    const r = LenientAssetSchema.safeParse(asset);
    expect(r.success && r.data).toEqual(asset);
  });

  it('property: safeParse never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof LenientAssetSchema.safeParse(v).success).toBe('boolean');
      }),
    );
  });

  it('property: any object with an id parses and unknown fields pass through unchanged', () => {
    const known = new Set<string>(LENIENT_ASSET_FIELDS);
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), junkRecord, (id, extra) => {
        const r = LenientAssetSchema.safeParse({ ...extra, id });
        expect(r.success).toBe(true);
        if (!r.success) return;
        expect(r.data.id).toBe(id);
        for (const [k, v] of Object.entries(extra)) {
          if (known.has(k) || k === '__proto__') continue;
          expect((r.data as Record<string, unknown>)[k]).toBe(v);
        }
      }),
    );
  });
});

function issuesOf(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (r.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('RegisterAssetByUrlSchema (POST /v1/assets/uploads, JSON form)', () => {
  it('accepts the specification example and defaults mode to asset (rule 1)', () => {
    const r = RegisterAssetByUrlSchema.safeParse({
      url: 'https://example.com/clip.mp4',
      model: 'video-2.0-cl',
      type: 'video',
      purpose: 'reference_video',
      role: 'reference_video',
      group_id: 'grp_default',
      metadata: { name: 'clip' },
    });
    expect(r.success).toBe(true);
    expect(r.success && r.data.mode).toBe('asset');
  });

  it('accepts the three modes and rejects others with the list', () => {
    for (const mode of ['asset', 'oss', 'both'])
      expect(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a.png', mode }).success).toBe(true);
    expect(issuesOf(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a.png', mode: 'cdn' }))).toEqual(
      [{ path: 'mode', message: 'mode must be one of asset, oss, both' }],
    );
  });

  it('requires url, as a public http(s) URL, with a message saying so', () => {
    expect(issuesOf(RegisterAssetByUrlSchema.safeParse({}))).toEqual([
      { path: 'url', message: 'url is required: a public http(s) URL of the media' },
    ]);
    expect(issuesOf(RegisterAssetByUrlSchema.safeParse({ url: '  ' }))[0]?.message).toMatch(
      /url is required/,
    );
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'javascript:alert(1)', 'cat.png'])
      expect(issuesOf(RegisterAssetByUrlSchema.safeParse({ url }))[0]?.message, url).toMatch(/http\(s\) URL/);
  });

  it('takes a type beyond the common values ("document"), bounded only in length (decision 377)', () => {
    expect(RegisterAssetByUrlSchema.parse({ url: 'https://e.com/a', type: 'document' }).type).toBe(
      'document',
    );
    expect(
      issuesOf(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a', type: 'x'.repeat(65) })),
    ).toEqual([{ path: 'type', message: 'type must be at most 64 characters' }]);
  });

  it('model: the video models and other model names pass, junk is rejected with a clear message', () => {
    for (const model of ['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini', 'digital-human-video-v8'])
      expect(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a', model }).success).toBe(true);
    for (const model of ['', 'no spaces allowed', '../../x', 5]) {
      const issues = issuesOf(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a', model }));
      expect(issues[0]?.path).toBe('model');
      expect(issues[0]?.message).toMatch(/model must be a model name such as video-2.0-cl/);
    }
  });

  it('metadata must be an object', () => {
    expect(issuesOf(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a', metadata: 'x' }))).toEqual([
      { path: 'metadata', message: 'metadata must be a JSON object' },
    ]);
  });

  it('limits free text with messages naming the field', () => {
    const issues = issuesOf(
      RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a', name: 'n'.repeat(1_001) }),
    );
    expect(issues).toEqual([{ path: 'name', message: 'name must be at most 1000 characters' }]);
  });

  it('property: safeParse never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof RegisterAssetByUrlSchema.safeParse(v).success).toBe('boolean');
      }),
    );
  });
});

describe('UploadAssetFieldsSchema and AssetListFiltersSchema', () => {
  it('multipart fields: type and purpose as in the specification', () => {
    expect(UploadAssetFieldsSchema.safeParse({ type: 'audio', purpose: 'digital_human_voice' }).success).toBe(
      true,
    );
    expect(UploadAssetFieldsSchema.parse({ type: 'document' }).type).toBe('document');
  });

  it('list filters: type and status are open ("common values"), bounded in length', () => {
    expect(
      AssetListFiltersSchema.safeParse({ group_id: 'grp_1', type: 'video', status: 'ready' }).success,
    ).toBe(true);
    expect(AssetListFiltersSchema.safeParse({ status: 'done', type: 'model3d' }).success).toBe(true);
    expect(issuesOf(AssetListFiltersSchema.safeParse({ status: 'x'.repeat(65) }))).toEqual([
      { path: 'status', message: 'status must be at most 64 characters' },
    ]);
  });
});

describe('LenientAssetSchema with the alternative names of the specification', () => {
  it('reads an asset that carries only asset_id, asset_type and asset_ref, and fills the other halves', async () => {
    const { LenientAssetSchema } = await import('./asset');
    const a = LenientAssetSchema.parse({
      asset_id: 'asset_abc',
      asset_type: 'video',
      asset_ref: 'Asset://asset_abc',
      status: 'ready',
      created_at: 1_760_000_000,
    });
    expect(a).toMatchObject({
      id: 'asset_abc',
      asset_id: 'asset_abc',
      type: 'video',
      asset_type: 'video',
      reference: 'Asset://asset_abc',
      asset_ref: 'Asset://asset_abc',
    });
  });

  it('keeps id/type/reference when both halves are sent', async () => {
    const { LenientAssetSchema } = await import('./asset');
    const a = LenientAssetSchema.parse({ id: 'asset_1', type: 'image', reference: 'Asset://asset_1' });
    expect(a).toMatchObject({ asset_id: 'asset_1', asset_type: 'image', asset_ref: 'Asset://asset_1' });
  });
});
