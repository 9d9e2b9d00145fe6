import { describe, expect, it } from 'vitest';
import { estimateVideoTokens } from '@contract/usage';
import { EMPTY_COMPOSER_DRAFT, type ComposerDraft } from '@/lib/video-draft/draft';
import { batchEstimate, startingValues, variantBodies, variantIssues } from './variants';
import { parseVariations } from './variations-store';

const draft: ComposerDraft = { ...EMPTY_COMPOSER_DRAFT, prompt: 'A fox in the snow', resolution: '1080p' };

describe('variant bodies', () => {
  it('differ only in the varied parameter and keep everything else of the draft', () => {
    const bodies = variantBodies(draft, { param: 'duration', values: ['5', '10', '12'] });
    expect(bodies.map((b) => b.duration)).toEqual([5, 10, 12]);
    for (const body of bodies) {
      expect(body).toMatchObject({ model: draft.model, prompt: 'A fox in the snow', resolution: '1080p' });
    }
    const { duration: _a, ...first } = bodies[0]!;
    const { duration: _b, ...second } = bodies[1]!;
    expect(second).toEqual(first);
  });

  it('carries prompt variants typed in place, exactly as typed', () => {
    const bodies = variantBodies(draft, { param: 'prompt', values: ['A fox', 'A wolf at dusk'] });
    expect(bodies.map((b) => b.prompt)).toEqual(['A fox', 'A wolf at dusk']);
  });

  it('start from the draft value and a different second one', () => {
    expect(startingValues(draft, 'model')).toEqual(['video-2.0-cl', 'video-2.0-cl-fast']);
    expect(startingValues(draft, 'resolution')).toEqual(['1080p', '480p']);
    expect(startingValues({ ...draft, ratio: '16:9' }, 'ratio')).toEqual(['16:9', '9:16']);
  });
});

describe('variant issues', () => {
  it('flag 1080p on a model that does not offer it, on that variant only', () => {
    const issues = variantIssues(draft, { param: 'model', values: ['video-2.0-cl', 'video-2.0-cl-fast'] });
    expect(issues[0]).toEqual([]);
    expect(issues[1]!.map((i) => i.code)).toEqual(['resolutionNotOffered']);
  });

  it('flag a duration out of range and a repeated value, each on its own variant', () => {
    const issues = variantIssues(draft, { param: 'duration', values: ['5', '40', '5'] });
    expect(issues[0]).toEqual([]);
    expect(issues[1]!.map((i) => i.code)).toEqual(['durationRange']);
    expect(issues[2]!.map((i) => [i.code, i.values])).toEqual([['variantDuplicate', { n: 1 }]]);
  });

  it('flag, in a model sweep, each variant whose model a library reference was not prepared for', () => {
    const withRef: ComposerDraft = {
      ...draft,
      resolution: '720p',
      references: [
        {
          key: 'r1',
          role: 'reference_image',
          mediaType: 'image',
          alias: 'hero',
          url: 'Asset://asset_hero',
          asset: { id: 'asset_hero', model: 'video-2.0-cl', modelSource: 'record', ready: true },
        },
      ],
    };
    const issues = variantIssues(withRef, {
      param: 'model',
      values: ['video-2.0-cl', 'video-2.0-cl-fast'],
    });
    // The first variant can be sent; the second would be refused after the first was made and billed.
    expect(issues[0]).toEqual([]);
    expect(issues[1]!.map((i) => [i.code, i.values])).toEqual([
      ['assetOtherModel', { assetModel: 'video-2.0-cl', model: 'video-2.0-cl-fast' }],
    ]);
    // Varying anything else leaves that check to the shared form, where it already shows.
    expect(variantIssues(withRef, { param: 'duration', values: ['5', '10'] })).toEqual([[], []]);
  });

  it('let an empty prompt variant through: the specification does not mark prompt required', () => {
    const issues = variantIssues(draft, { param: 'prompt', values: ['A fox', ''] });
    expect(issues[1]!.map((i) => i.code)).toEqual([]);
  });
});

describe('batch estimate', () => {
  it('is the sum of the local server formula over the variants', () => {
    const bodies = variantBodies(draft, { param: 'resolution', values: ['480p', '720p', '1080p'] });
    const { each, total } = batchEstimate(bodies);
    expect(each).toEqual(bodies.map((b) => estimateVideoTokens(b)));
    // 16:9 at 24 fps for 5 s: 854×480, 1280×720, 1920×1080 pixels per frame.
    expect(each[2]).toBe(Math.round((1920 * 1080 * 24 * 5) / 1024));
    expect(total).toBe(each[0]! + each[1]! + each[2]!);
  });

  it('has no total while a variant has no estimate', () => {
    const { each, total } = batchEstimate(variantBodies(draft, { param: 'duration', values: ['5', 'x'] }));
    expect(each[0]).toBeGreaterThan(0);
    expect(each[1]).toBeUndefined();
    expect(total).toBeUndefined();
  });
});

describe('stored variations', () => {
  it('are taken back only in the right shape', () => {
    expect(parseVariations({ param: 'prompt', values: ['A fox', ''] })).toEqual({
      param: 'prompt',
      values: ['A fox', ''],
    });
    expect(parseVariations({ param: 'seed', values: ['1', '2'] })).toBeNull();
    expect(parseVariations({ param: 'ratio', values: ['16:9'] })).toBeNull();
    expect(parseVariations({ param: 'ratio', values: ['16:9', 9] })).toBeNull();
    expect(parseVariations(undefined)).toBeNull();
  });
});
