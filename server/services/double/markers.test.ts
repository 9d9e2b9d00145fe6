import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetMarkerDirectives, markerDirectives } from './markers';
import { parseDoubleFault } from './outcomes';

/*
 * The prompt markers are directives (decision 400): `[fail]` is task-fail=generation_failed and
 * `[cancel]` a cancellation, parsed in markers.ts only, for every kind alike.
 */
describe('markerDirectives', () => {
  it('reads [fail] as task-fail=generation_failed, ending at 60 % of the running time', () => {
    expect(
      markerDirectives({
        text: 'a cat [FAIL]',
        field: 'prompt',
        work: 'Video generation',
        result: 'a video',
      }),
    ).toEqual({
      taskFail: {
        code: 'generation_failed',
        message:
          'Video generation failed: the prompt contains [fail], which makes the local server fail the task on purpose. Remove [fail] to get a video.',
        failReason: 'The prompt asked for a failure with [fail].',
      },
      taskEndAt: 0.6,
    });
  });

  it('reads [cancel] as a cancellation at 30 %, naming the field the person typed into', () => {
    expect(
      markerDirectives({ text: 'Say [cancel] now', field: 'text', work: 'Digital-human speech synthesis' }),
    ).toEqual({
      taskCancel: {
        message:
          'The task was cancelled: the text contains [cancel], which makes the local server cancel it. Stop polling this task.',
        failReason: 'The text asked for cancellation with [cancel].',
      },
      taskEndAt: 0.3,
    });
  });

  it('[fail] wins over [cancel]; no marker and no text ask for nothing', () => {
    const both = markerDirectives({ text: '[cancel] [fail]', field: 'name', work: 'X' });
    expect(both.taskFail?.code).toBe('generation_failed');
    expect(markerDirectives({ text: 'a quiet lake', field: 'prompt', work: 'X' })).toEqual({});
    expect(markerDirectives(undefined)).toEqual({});
  });
});

describe('assetMarkerDirectives', () => {
  it('reads the asset name markers as the asset directives, in any case, slow beside either', () => {
    expect(assetMarkerDirectives('https://x.test/Review-Fail.png')).toEqual({ asset: 'review-failed' });
    expect(assetMarkerDirectives('REJECT-me.png')).toEqual({ asset: 'prep-failed' });
    expect(assetMarkerDirectives('slow-reject.mp4')).toEqual({ asset: 'prep-failed', assetPace: 10 });
    // review-fail wins over reject, as the name markers always did.
    expect(assetMarkerDirectives('reject-review-fail.png').asset).toBe('review-failed');
    expect(assetMarkerDirectives('cat.png')).toEqual({});
  });

  it('reads fault columns written before the fold as the same outcomes', () => {
    expect(parseDoubleFault('reject')).toEqual({ outcome: 'prep-failed' });
    expect(parseDoubleFault('review-fail')).toEqual({ outcome: 'review-failed' });
    expect(parseDoubleFault('double:{"outcome":"disabled"}')).toEqual({ outcome: 'disabled' });
    expect(parseDoubleFault('constructor')).toBeUndefined();
  });
});

describe('the double reaches the services at one seam', () => {
  it('services outside services/double import from it only double/outcomes.ts', () => {
    const services = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(services, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`double${path.sep}`));
    const reaches = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(services, file), 'utf8');
      return [...text.matchAll(/from '([^']*\/double\/[^']*)'/g)].map((m) => `${file}: ${m[1]}`);
    });
    expect(reaches.length).toBeGreaterThan(0);
    expect(reaches.filter((r) => !r.endsWith('/double/outcomes'))).toEqual([]);
  });
});
