import { describe, expect, it } from 'vitest';
import { EMPTY_COMPOSER_DRAFT, type ComposerDraft, type ReferenceDraft } from './draft';
import { fieldOfParam, refusedAssetField } from './server-error';
import { hasErrors, issuesByField } from '@/lib/form/issues';
import { refField, validateDraft } from './validation';

const ref = (over: Partial<ReferenceDraft>): ReferenceDraft => ({
  key: 'k',
  role: 'reference_image',
  mediaType: 'image',
  alias: '',
  url: 'https://e.com/a.png',
  ...over,
});
const draft = (over: Partial<ComposerDraft>): ComposerDraft => ({
  ...EMPTY_COMPOSER_DRAFT,
  prompt: 'a cat',
  ...over,
});
const codes = (d: ComposerDraft, secrets?: string[]) =>
  validateDraft(d, { secrets }).map((i) => `${i.field} ${i.code} ${i.severity}`);

describe('validateDraft', () => {
  it('accepts a plain text-to-video draft', () => {
    expect(validateDraft(draft({}))).toEqual([]);
  });

  it('refuses 1080p on a model that does not offer it, naming the allowed ones', () => {
    const issues = validateDraft(draft({ model: 'video-2.0-cl-fast', resolution: '1080p' }));
    expect(issues).toEqual([
      {
        field: 'resolution',
        code: 'resolutionNotOffered',
        severity: 'error',
        values: { model: 'video-2.0-cl-fast', resolution: '1080p', allowed: '480p, 720p' },
      },
    ]);
    expect(hasErrors(issues)).toBe(true);
  });

  it('refuses durations outside 4-15 and words; fractions are allowed by the specification', () => {
    for (const d of ['4.5', '14.75', '4', '15.0']) expect(codes(draft({ duration: d })), d).toEqual([]);
    for (const [text, code] of [
      ['3', 'durationRange'],
      ['16', 'durationRange'],
      ['15.5', 'durationRange'],
      ['', 'durationNotNumber'],
      ['ten', 'durationNotNumber'],
    ])
      expect(codes(draft({ duration: text! }))).toEqual([`duration ${code} error`]);
    expect(codes(draft({ duration: '15' }))).toEqual([]);
  });

  it('refuses ratios that are not <w>:<h>; any positive sides pass (2.39:1, 5:1)', () => {
    expect(codes(draft({ ratio: '16x9' }))).toEqual(['ratio ratioFormat error']);
    expect(codes(draft({ ratio: '0:1' }))).toEqual(['ratio ratioFormat error']);
    for (const r of ['21:9', '2.39:1', '5:1', '1:8']) expect(codes(draft({ ratio: r })), r).toEqual([]);
  });

  it('an @word is a blocking error only beside references that define aliases; else a warning', () => {
    const prose = draft({ prompt: 'Send it to @studio or me@example.com' });
    expect(codes(prose)).toEqual(['prompt aliasUndefined warning']);
    expect(hasErrors(validateDraft(prose))).toBe(false);
    const typo = draft({ prompt: 'The @heor runs', references: [ref({ key: 'a', alias: 'hero' })] });
    expect(codes(typo)).toContain('prompt aliasUndefined error');
  });

  it('flags an @alias no reference defines, and points out references the prompt never mentions', () => {
    const d = draft({
      prompt: 'The @hero meets @ghost and @ghost2',
      references: [ref({ key: 'a', alias: 'hero' }), ref({ key: 'b', alias: 'extra' })],
    });
    const issues = validateDraft(d);
    expect(issues).toContainEqual(
      expect.objectContaining({
        field: 'prompt',
        code: 'aliasUndefined',
        values: { aliases: '@ghost, @ghost2', count: 2 },
      }),
    );
    expect(issues).toContainEqual({
      field: refField('b', 'alias'),
      code: 'aliasUnused',
      values: { alias: 'extra' },
      severity: 'warning',
    });
    // Unused is a warning only: with the undefined alias fixed, the draft may be sent.
    expect(hasErrors(validateDraft({ ...d, prompt: 'The @hero walks' }))).toBe(false);
  });

  it('checks each reference: URL present and acceptable, unique alias, role fits type; a second first frame only warns', () => {
    const d = draft({
      prompt: '@x @x2',
      references: [
        ref({ key: 'a', url: '' }),
        ref({ key: 'b', url: 'ftp://e.com/a.png', alias: 'bad alias' }),
        ref({ key: 'c', alias: 'x' }),
        ref({ key: 'd', alias: 'x' }),
        ref({ key: 'e', role: 'first_frame', mediaType: 'video', url: 'https://e.com/v.mp4' }),
        ref({ key: 'f', role: 'first_frame' }),
        ref({ key: 'g', role: 'first_frame' }),
      ],
    });
    const byField = issuesByField(validateDraft(d));
    expect(byField.get(refField('a', 'url'))?.code).toBe('urlRequired');
    expect(byField.get(refField('b', 'url'))?.code).toBe('urlInvalid');
    expect(byField.get(refField('b', 'alias'))?.code).toBe('aliasUnused');
    expect(byField.get(refField('c', 'alias'))).toBeUndefined();
    expect(byField.get(refField('d', 'alias'))?.code).toBe('aliasDuplicate');
    expect(byField.get(refField('e', 'role'))?.code).toBe('roleType');
    expect(byField.get(refField('f', 'role'))).toBeUndefined();
    expect(byField.get(refField('g', 'role'))).toMatchObject({
      code: 'secondFirstFrame',
      severity: 'warning',
    });
  });

  it('blocks nothing the specification allows and a server merely bounds (issue 44)', () => {
    const many = Array.from({ length: 21 }, (_, i) => ref({ key: `r${i}` }));
    const free = draft({
      prompt: `@hero.shot meets @my hero and @${'a'.repeat(33)} ${'x'.repeat(6000)}`,
      references: [
        ref({ key: 'a', alias: 'hero.shot' }),
        ref({ key: 'b', alias: 'my hero' }),
        ref({ key: 'c', alias: 'a'.repeat(33) }),
        ref({ key: 'd', mediaType: 'audio', role: 'background_music', url: 'https://e.com/a.mp3' }),
        ref({ key: 'e', role: 'first_frame' }),
        ref({ key: 'f', role: 'first_frame' }),
        ...many,
      ],
      callbackUrl: 'https://e.com/h?signature_version=2&session=1',
    });
    const issues = validateDraft(free);
    expect(hasErrors(issues), JSON.stringify(issues)).toBe(false);
    // The mentions of aliases with a dot or a space are found, so none is called unused.
    expect(issues.map((i) => i.code)).not.toContain('aliasUnused');
    // A parameter named like a credential is this server's guess, not the specification's rule.
    expect(codes(draft({ callbackUrl: 'https://e.com/h?api_key=1' }))).toEqual([
      'callbackUrl callback_credential_param warning',
    ]);
  });

  it('refuses a library asset prepared for another model, naming both', () => {
    const d = draft({
      model: 'video-2.0-cl-mini',
      references: [
        ref({
          key: 'a',
          url: 'Asset://asset_1',
          asset: { id: 'asset_1', model: 'video-2.0-cl', type: 'image' },
        }),
      ],
    });
    expect(validateDraft(d)).toContainEqual(
      expect.objectContaining({
        field: refField('a', 'url'),
        code: 'assetOtherModel',
        values: { assetModel: 'video-2.0-cl', model: 'video-2.0-cl-mini' },
      }),
    );
  });

  it('a library asset whose model no one knows (the specification shows none) is a warning, not an error', () => {
    const d = draft({
      model: 'video-2.0-cl',
      references: [ref({ key: 'a', url: 'Asset://asset_1', asset: { id: 'asset_1', type: 'image' } })],
    });
    const issues = validateDraft(d).filter((i) => i.field === refField('a', 'url'));
    expect(issues).toEqual([
      {
        field: refField('a', 'url'),
        code: 'assetModelUnknown',
        values: { model: 'video-2.0-cl' },
        severity: 'warning',
      },
    ]);
  });

  it('a model this browser registered the asset for is checked like the record’s own', () => {
    const asset = { id: 'asset_1', type: 'image', model: 'video-2.0-cl', modelSource: 'browser' as const };
    const same = draft({ references: [ref({ key: 'a', url: 'Asset://asset_1', asset })] });
    expect(validateDraft(same).filter((i) => i.field === refField('a', 'url'))).toEqual([]);
    const other = draft({
      model: 'video-2.0-cl-mini',
      references: [ref({ key: 'a', url: 'Asset://asset_1', asset })],
    });
    expect(validateDraft(other)).toContainEqual(expect.objectContaining({ code: 'assetOtherModel' }));
  });

  it('checks callback_url as typed: the key in use blocks, a credential-like name only warns', () => {
    expect(codes(draft({ callbackUrl: 'https://e.com/h?token=1' }))).toEqual([
      'callbackUrl callback_credential_param warning',
    ]);
    expect(codes(draft({ callbackUrl: 'https://e.com/sk-abc' }), ['sk-abc'])).toEqual([
      'callbackUrl callback_contains_key error',
    ]);
    expect(codes(draft({ callbackUrl: 'not a url' }))).toEqual(['callbackUrl callback_not_http_url error']);
    expect(codes(draft({ callbackUrl: 'http://127.0.0.1:8787/webhooks/inbox/c1' }))).toEqual([]);
  });

  it('sends a body with neither prompt nor media: the specification does not mark prompt required', () => {
    expect(codes(draft({ prompt: ' ' }))).toEqual([]);
    expect(codes(draft({ prompt: '', references: [ref({})] }))).toEqual([]);
  });
});

describe('fieldOfParam (server refusal → field)', () => {
  const d = draft({ references: [ref({ key: 'a' }), ref({ key: 'b' }), ref({ key: 'c' })] });
  it('maps a reference param to that row', () => {
    expect(fieldOfParam('references[2].alias', d)).toBe(refField('c', 'alias'));
    expect(fieldOfParam('references[0].url', d)).toBe(refField('a', 'url'));
    expect(fieldOfParam('references[1].role', d)).toBe(refField('b', 'role'));
    expect(fieldOfParam('references[1].media_type', d)).toBe(refField('b', 'role'));
    expect(fieldOfParam('references[1]', d)).toBe(refField('b', 'url'));
    expect(fieldOfParam('references[9].url', d)).toBe('references');
  });
  it('maps top-level params and leaves unknown ones to the banner', () => {
    expect(fieldOfParam('callback_url', d)).toBe('callbackUrl');
    expect(fieldOfParam('aspect_ratio', d)).toBe('ratio');
    expect(fieldOfParam('resolution', d)).toBe('resolution');
    expect(fieldOfParam('content[1].role', d)).toBeUndefined();
    expect(fieldOfParam(undefined, d)).toBeUndefined();
  });

  it('holds back a prepared copy until it is ready, and refuses an id no group holds', () => {
    const preparing = ref({
      key: 'p',
      url: 'Asset://asset_copy',
      asset: { id: 'asset_copy', model: 'video-2.0-cl', type: 'image', ready: false },
    });
    expect(codes(draft({ references: [preparing] }))).toEqual(['ref:p:url assetPreparing error']);
    expect(
      codes(draft({ references: [{ ...preparing, asset: { ...preparing.asset!, ready: true } }] })),
    ).toEqual([]);
    const gone = ref({ key: 'g', url: 'Asset://asset_gone' });
    expect(
      validateDraft(draft({ references: [gone] }), { missingAssets: new Set(['asset_gone']) }).map(
        (i) => i.code,
      ),
    ).toEqual(['assetNotFound']);
  });
});

describe('refusedAssetField', () => {
  const unknownAsset = (key: string, id: string) =>
    ref({ key, url: `Asset://${id}`, asset: { id, type: 'image' } });
  it('points a 400 without param at the one asset whose model no one knows', () => {
    const d = draft({ references: [ref({ key: 'u' }), unknownAsset('a', 'asset_1')] });
    expect(refusedAssetField(d, { status: 400, message: 'asset not ready' })).toBe(refField('a', 'url'));
    expect(refusedAssetField(d, { status: 500, message: 'asset not ready' })).toBeUndefined();
  });
  it('among several, the one its message names, or none', () => {
    const d = draft({ references: [unknownAsset('a', 'asset_1'), unknownAsset('b', 'asset_2')] });
    expect(refusedAssetField(d, { status: 400, message: 'asset_2 is not ready' })).toBe(refField('b', 'url'));
    expect(refusedAssetField(d, { status: 400, message: 'not ready' })).toBeUndefined();
  });
});
