import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CreateVideoSchema,
  collectMediaInputs,
  effectiveGenerateAudio,
  effectiveRatio,
  extractAliases,
  hasVideoInput,
  promptText,
} from './video';
import { expectNoPrototypePollution, junk, junkRecord } from './test-support/arbitraries';

afterEach(expectNoPrototypePollution);

/** The Limits table of the specification, written out here rather than imported from models.ts. */
const LIMITS: Record<string, string[]> = {
  'video-2.0-cl': ['480p', '720p', '1080p'],
  'video-2.0-cl-fast': ['480p', '720p'],
  'video-2.0-cl-mini': ['480p', '720p'],
};
const MODELS = Object.keys(LIMITS);

const base = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };

type Issue = { path: string; message: string };
function issues(body: unknown): Issue[] {
  const r = CreateVideoSchema.safeParse(body);
  return r.success
    ? []
    : r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
const paths = (body: unknown) => issues(body).map((i) => i.path);

describe('CreateVideoSchema (POST /v1/videos; LOCAL_API.md, Video tasks, validation)', () => {
  it('accepts a text-to-video request with only model and prompt', () => {
    expect(issues(base)).toEqual([]);
  });

  describe('model', () => {
    it('accepts the three models of the line', () => {
      for (const model of MODELS) expect(issues({ ...base, model }), model).toEqual([]);
    });

    it('rejects an unknown model at path model, naming the models to use', () => {
      for (const model of ['video-3.0', 'VIDEO-2.0-CL', '', '__proto__', 'toString']) {
        const found = issues({ ...base, model });
        expect(found).toHaveLength(1);
        expect(found[0]!.path).toBe('model');
        expect(found[0]!.message).toContain('video-2.0-cl, video-2.0-cl-fast, video-2.0-cl-mini');
      }
    });

    it('requires model', () => {
      expect(issues({ prompt: 'x' })).toEqual([
        {
          path: 'model',
          message: 'model is required: one of video-2.0-cl, video-2.0-cl-fast, video-2.0-cl-mini',
        },
      ]);
    });
  });

  describe('duration: seconds, 4 to 15, number or string', () => {
    it('accepts whole numbers of seconds from 4 to 15, as numbers or strings', () => {
      for (const d of [4, 5, 10, 15, '4', '15', ' 8 ', '6.0']) {
        const r = CreateVideoSchema.safeParse({ ...base, duration: d });
        expect(r.success, String(d)).toBe(true);
        expect(r.success && r.data.duration).toBe(Number(String(d).trim()));
      }
    });

    it('rejects durations outside 4..15', () => {
      for (const d of [0, 3, 16, 60, -5, '3', '16', 1e300])
        expect(issues({ ...base, duration: d }), String(d)).toContainEqual({
          path: 'duration',
          message: 'duration must be 4 to 15 seconds',
        });
    });

    it('accepts fractions of seconds, as numbers or strings (specification: number or string, 4 to 15)', () => {
      for (const d of [4.5, '7.25', 14.999, '4.0']) {
        const r = CreateVideoSchema.safeParse({ ...base, duration: d });
        expect(r.success, String(d)).toBe(true);
        expect(r.success && r.data.duration).toBe(Number(d));
      }
    });

    it('rejects strings that are no number and values of other types', () => {
      for (const d of [
        'abc',
        '',
        '5s',
        '-5',
        '0x10',
        'e5',
        '.',
        '1e',
        NaN,
        Infinity,
        true,
        null,
        [5],
        { s: 5 },
      ])
        expect(paths({ ...base, duration: d }), String(d)).toContain('duration');
    });

    it('reads a numeric string as the number it spells, like the number itself (issue 44)', () => {
      for (const [d, n] of [
        ['1e1', 10],
        ['+7', 7],
        ['7.', 7],
        ['.5e1', 5],
        [' 12E0 ', 12],
      ] as const) {
        const r = CreateVideoSchema.safeParse({ ...base, duration: d });
        expect(r.success, d).toBe(true);
        expect(r.data?.duration).toBe(n);
      }
    });

    it('property: a whole number parses iff 4 <= n <= 15, whether sent as number or string', () => {
      fc.assert(
        fc.property(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), (n, asString) => {
          const r = CreateVideoSchema.safeParse({ ...base, duration: asString ? String(n) : n });
          const inRange = n >= 4 && n <= 15;
          expect(r.success).toBe(inRange);
          if (r.success) expect(r.data.duration).toBe(n);
        }),
      );
    });

    it('property: any number parses iff 4 <= n <= 15', () => {
      fc.assert(
        fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (d) => {
          expect(paths({ ...base, duration: d }).includes('duration')).toBe(!(d >= 4 && d <= 15));
        }),
      );
    });
  });

  describe('ratio / aspect_ratio: <w>:<h>', () => {
    it('accepts the forms of the specification on either field', () => {
      for (const r of ['16:9', '9:16', '1:1', '4:3', '21:9', '2.39:1', '1.85:1', '9999:1', '1:50']) {
        expect(issues({ ...base, ratio: r }), r).toEqual([]);
        expect(issues({ ...base, aspect_ratio: r }), r).toEqual([]);
      }
    });

    it('rejects other forms on either field, with the form in the message', () => {
      for (const r of ['16x9', '16/9', 'wide', '', '0:9', '16:0', '-1.5:1', '16:9:1']) {
        expect(issues({ ...base, ratio: r }), r).toContainEqual({
          path: 'ratio',
          message: 'ratio must be of the form <w>:<h> with two positive numbers, e.g. 16:9 or 2.39:1',
        });
        expect(paths({ ...base, aspect_ratio: r }), r).toContain('aspect_ratio');
      }
    });

    it('trims the ratio; ratio wins over aspect_ratio; 16:9 when both are omitted', () => {
      const parsed = CreateVideoSchema.parse({ ...base, ratio: ' 9:16 ', aspect_ratio: '1:1' });
      expect(parsed.ratio).toBe('9:16');
      expect(effectiveRatio(parsed)).toBe('9:16');
      expect(effectiveRatio({ aspect_ratio: '1:1' })).toBe('1:1');
      expect(effectiveRatio({})).toBe('16:9');
    });
  });

  describe('resolution per model (specification, Limits)', () => {
    it('property: a resolution is accepted iff the Limits table lists it for the model', () => {
      const resolution = fc.oneof(
        fc.constantFrom('480p', '720p', '1080p', '4k', '720P', '', '1440p'),
        fc.string(),
      );
      fc.assert(
        fc.property(fc.constantFrom(...MODELS), resolution, (model, res) => {
          const found = issues({ ...base, model, resolution: res });
          if (LIMITS[model]!.includes(res)) expect(found).toEqual([]);
          else
            expect(found).toEqual([
              { path: 'resolution', message: `${model} does not offer resolution "${res}"` },
            ]);
        }),
      );
    });

    it('1080p is video-2.0-cl only', () => {
      expect(issues({ ...base, resolution: '1080p' })).toEqual([]);
      expect(paths({ ...base, model: 'video-2.0-cl-fast', resolution: '1080p' })).toEqual(['resolution']);
      expect(paths({ ...base, model: 'video-2.0-cl-mini', resolution: '1080p' })).toEqual(['resolution']);
    });
  });

  describe('content[] (specification, content[] entries; Errors rule 5)', () => {
    const image = (role?: string) => ({
      type: 'image_url',
      ...(role === undefined ? {} : { role }),
      image_url: { url: 'https://example.com/a.png' },
    });

    it('accepts text and image entries with a role', () => {
      const content = [{ type: 'text', text: 'a cat' }, image('first_frame'), image('reference_image')];
      expect(issues({ model: 'video-2.0-cl', content })).toEqual([]);
    });

    it('an image entry without role is an error at content[i].role', () => {
      const found = issues({ model: 'video-2.0-cl', content: [{ type: 'text', text: 'x' }, image()] });
      expect(found).toHaveLength(1);
      expect(found[0]!.path).toBe('content.1.role');
      expect(found[0]!.message).toMatch(/content\[1\] \(image_url\) needs a role/);
      expect(paths({ model: 'video-2.0-cl', content: [image('')] })).toEqual(['content.0.role']);
    });

    it('video and audio entries need a role too; text entries do not', () => {
      const video = { type: 'video_url', video_url: { url: 'https://e.com/v.mp4' } };
      const audio = { type: 'audio_url', audio_url: { url: 'https://e.com/a.mp3' } };
      expect(paths({ ...base, content: [video, audio] })).toEqual(['content.0.role', 'content.1.role']);
      expect(issues({ ...base, content: [{ ...video, role: 'reference_video' }] })).toEqual([]);
      expect(issues({ ...base, content: [{ type: 'text', text: 'only text' }] })).toEqual([]);
    });

    it('property: the role errors name exactly the entries without role (two first frames are allowed)', () => {
      const entry = fc.oneof(
        fc.constant({ type: 'text', text: 't' }),
        fc.constantFrom('first_frame', 'reference_image', undefined).map((role) => image(role)),
      );
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 8 }), (content) => {
          const expected = content.flatMap((c, i) =>
            c.type === 'image_url' && !('role' in c) ? [`content.${i}.role`] : [],
          );
          const found = paths({ ...base, content }).filter((p) => p.endsWith('.role'));
          expect(found.sort()).toEqual(expected.sort());
        }),
      );
    });

    it('accepts an entry type this server does not know (the specification does not show them all)', () => {
      expect(
        issues({ ...base, content: [{ type: 'video', role: 'reference_video', video: { url: 'x' } }] }),
      ).toEqual([]);
      expect(issues({ ...base, content: [{ type: 'input_audio', input_audio: { data: 'x' } }] })).toEqual([]);
    });

    it('still refuses an entry without a type, a bounded type name, and a known type without its fields', () => {
      expect(paths({ ...base, content: [{ url: 'x' }] })).toEqual(['content.0']);
      expect(paths({ ...base, content: [{ type: 'x'.repeat(65) }] })).toEqual(['content.0.type']);
      expect(paths({ ...base, content: [{ type: 'image_url', role: 'first_frame' }] })).toEqual([
        'content.0',
      ]);
    });
  });

  describe('first_frame: no limit (issue 44)', () => {
    const ref = (role: string, url = 'https://e.com/a.png') => ({ role, url, media_type: 'image' });

    it('one first frame from any source is fine', () => {
      expect(issues({ ...base, first_frame_url: 'https://e.com/f.png' })).toEqual([]);
      expect(
        issues({ ...base, image_url: 'https://e.com/f.png', input_reference_role: 'first_frame' }),
      ).toEqual([]);
      expect(issues({ ...base, references: [ref('first_frame'), ref('reference_image')] })).toEqual([]);
    });

    it('two first frames, from the same or different sources, are accepted', () => {
      const two = [
        { first_frame_url: 'https://e.com/1.png', references: [ref('first_frame')] },
        {
          image_url: 'https://e.com/1.png',
          input_reference_role: 'first_frame',
          first_frame_url: 'https://e.com/2.png',
        },
        { references: [ref('first_frame'), ref('first_frame', 'https://e.com/b.png')] },
        {
          first_frame_url: 'https://e.com/1.png',
          content: [{ type: 'image_url', role: 'first_frame', image_url: { url: 'https://e.com/2.png' } }],
        },
      ];
      for (const body of two) expect(issues({ ...base, ...body })).toEqual([]);
    });
  });

  describe('aliases: a reference may define one; the prompt can mention it', () => {
    const hero = { role: 'reference_image', url: 'https://e.com/hero.png', alias: 'hero' };

    it('a defined alias may be mentioned; an unused alias is fine', () => {
      expect(issues({ ...base, prompt: '@hero runs', references: [hero] })).toEqual([]);
      expect(issues({ ...base, prompt: 'nobody is mentioned', references: [hero] })).toEqual([]);
    });

    it('an @word no reference defines is text, not an error (a handle, a tag)', () => {
      expect(issues({ ...base, prompt: '@hero meets @villain', references: [hero] })).toEqual([]);
      expect(issues({ ...base, prompt: 'look at @hero, thanks @studio_team' })).toEqual([]);
    });

    it('an e-mail address is not a mention', () => {
      expect(issues({ ...base, prompt: 'write to a@b.com or ops@example.org' })).toEqual([]);
    });

    it('an alias defined twice is an error at the second definition', () => {
      expect(issues({ ...base, references: [hero, { ...hero, url: 'https://e.com/other.png' }] })).toEqual([
        { path: 'references.1.alias', message: 'alias "hero" is used twice' },
      ]);
    });

    it('an alias is any text: no pattern, no length (issue 44)', () => {
      for (const alias of ['hero.shot', 'my hero', 'a'.repeat(33), '@hero', '猫', ''])
        expect(
          issues({ ...base, prompt: `@${alias} jumps`, references: [{ ...hero, alias }] }),
          alias,
        ).toEqual([]);
      expect(paths({ ...base, references: [{ ...hero, alias: 5 }] })).toEqual(['references.0.alias']);
    });

    it('property: mentions never make a request invalid', () => {
      const alias = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
      fc.assert(
        fc.property(
          fc.uniqueArray(alias, { maxLength: 4 }),
          fc.array(alias, { maxLength: 4 }),
          (defined, mentioned) => {
            const prompt = mentioned.map((m) => `@${m}`).join(' ') || 'a quiet street';
            const references = defined.map((a, i) => ({
              role: 'reference_image',
              url: `https://e.com/${i}.png`,
              alias: a,
            }));
            expect(issues({ ...base, prompt, references })).toEqual([]);
          },
        ),
      );
    });
  });

  describe('generate_audio', () => {
    it('defaults to on when both fields are omitted', () => {
      expect(effectiveGenerateAudio(CreateVideoSchema.parse(base))).toBe(true);
    });

    it('generateAudio is accepted as an alias; generate_audio wins when both are given', () => {
      expect(effectiveGenerateAudio(CreateVideoSchema.parse({ ...base, generateAudio: false }))).toBe(false);
      expect(effectiveGenerateAudio(CreateVideoSchema.parse({ ...base, generate_audio: false }))).toBe(false);
      expect(
        effectiveGenerateAudio(
          CreateVideoSchema.parse({ ...base, generate_audio: true, generateAudio: false }),
        ),
      ).toBe(true);
      expect(
        effectiveGenerateAudio(
          CreateVideoSchema.parse({ ...base, generate_audio: false, generateAudio: true }),
        ),
      ).toBe(false);
    });

    it('property: the result is generate_audio if given, else generateAudio if given, else true', () => {
      const flag = fc.option(fc.boolean(), { nil: undefined });
      fc.assert(
        fc.property(flag, flag, (a, b) => {
          const body = {
            ...base,
            ...(a === undefined ? {} : { generate_audio: a }),
            ...(b === undefined ? {} : { generateAudio: b }),
          };
          expect(effectiveGenerateAudio(CreateVideoSchema.parse(body))).toBe(a ?? b ?? true);
        }),
      );
    });

    it('rejects a flag that is not a boolean', () => {
      expect(paths({ ...base, generate_audio: 'false' })).toEqual(['generate_audio']);
      expect(paths({ ...base, generateAudio: 0 })).toEqual(['generateAudio']);
    });
  });

  describe('other fields', () => {
    it('callback_url must be a plain http(s) URL without credentials', () => {
      expect(issues({ ...base, callback_url: 'https://example.com/hook' })).toEqual([]);
      for (const url of [
        'javascript:alert(1)',
        'ftp://e.com/x',
        'https://e.com/h?token=1',
        'https://u:p@e.com/h',
      ])
        expect(paths({ ...base, callback_url: url }), url).toEqual(['callback_url']);
    });

    it('media fields accept URLs and Asset:// references, not blank strings', () => {
      expect(
        issues({
          ...base,
          image_url: 'Asset://asset_img',
          video_url: 'https://e.com/v.mp4',
          reference_video_url: 'Asset://asset_vid',
          references: [{ role: 'reference_video', url: 'Asset://asset_v2', media_type: 'video' }],
        }),
      ).toEqual([]);
      expect(paths({ ...base, image_url: '  ' })).toEqual(['image_url']);
      expect(paths({ ...base, references: [{ role: 'reference_image', url: '' }] })).toEqual([
        'references.0.url',
      ]);
    });

    it('references[].role fits the media: the three named roles, any role for media_type audio', () => {
      expect(issues({ ...base, references: [{ role: 'style', url: 'https://e.com/a.png' }] })).toEqual([
        {
          path: 'references.0.role',
          message:
            'references[0].role: an image cannot have role "style"; an image takes first_frame or reference_image',
        },
      ]);
      expect(paths({ ...base, references: [{ url: 'https://e.com/a.png' }] })).toEqual(['references.0.role']);
      expect(
        issues({
          ...base,
          references: [{ media_type: 'audio', role: 'background_music', url: 'https://e.com/a.mp3' }],
        }),
      ).toEqual([]);
    });

    it('videos[] (named by billing rule 3) is kept, as URLs or objects with url', () => {
      const parsed = CreateVideoSchema.parse({
        ...base,
        videos: ['https://e.com/a.mp4', { url: 'Asset://asset_v' }],
      });
      expect(parsed.videos).toEqual(['https://e.com/a.mp4', { url: 'Asset://asset_v' }]);
      expect(hasVideoInput(parsed)).toBe(true);
      expect(paths({ ...base, videos: [''] })[0]).toMatch(/^videos\.0/);
      expect(paths({ ...base, videos: [5] })[0]).toMatch(/^videos\.0/);
    });

    it('property: safeParse never throws on junk, alone or mixed into a valid body', () => {
      fc.assert(
        fc.property(junk, junkRecord, (v, extra) => {
          expect(typeof CreateVideoSchema.safeParse(v).success).toBe('boolean');
          expect(typeof CreateVideoSchema.safeParse({ ...extra, ...base }).success).toBe('boolean');
          expect(typeof CreateVideoSchema.safeParse({ ...base, ...extra }).success).toBe('boolean');
        }),
      );
    });
  });
});

describe('extractAliases and promptText', () => {
  it('lists distinct mentions in order of first mention', () => {
    expect(extractAliases('@b then @a then @b again')).toEqual(['b', 'a']);
    expect(extractAliases('(@hero), @villain. "@x"')).toEqual(['hero', 'villain', 'x']);
    expect(extractAliases('')).toEqual([]);
    expect(extractAliases(undefined)).toEqual([]);
    expect(extractAliases(null)).toEqual([]);
  });

  it('an @ preceded by a letter, digit or _ is not a mention (e-mail addresses)', () => {
    expect(extractAliases('a@b.com x_@y 9@z')).toEqual([]);
  });

  it('property: never throws; every alias found appears in the text after an @', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        for (const a of extractAliases(s)) {
          expect(s).toContain(`@${a}`);
          expect(a).toMatch(/^[\p{L}\p{N}_-]{1,32}$/u);
        }
      }),
    );
  });

  it('promptText is the prompt, else the text entries of content[]', () => {
    expect(promptText({ prompt: 'p', content: [{ type: 'text', text: 't' }] })).toBe('p');
    expect(
      promptText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image_url', role: 'first_frame', image_url: { url: 'https://e.com/a.png' } },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\ntwo');
    expect(promptText({})).toBe('');
  });
});

describe('collectMediaInputs (rule 1: media passed explicitly)', () => {
  it('collects every source with its kind, role, alias and asset id', () => {
    const inputs = collectMediaInputs({
      image_url: 'Asset://asset_img',
      first_frame_url: 'https://e.com/f.png',
      video_url: 'https://e.com/v.mp4',
      reference_video_url: 'Asset://asset_rv',
      references: [
        { role: 'reference_image', url: 'https://e.com/r.png', alias: 'hero' },
        { role: 'reference_video', url: 'https://e.com/r.mp4' },
        { role: 'reference_image', url: 'https://e.com/r2.mp4', media_type: 'video' },
      ],
      videos: ['https://e.com/x.mp4', { url: 'Asset://asset_x' }, 7],
      content: [
        { type: 'text', text: 'ignored' },
        { type: 'image_url', role: 'reference_image', image_url: { url: 'https://e.com/c.png' } },
        { type: 'audio_url', role: 'reference_audio', audio_url: { url: 'https://e.com/c.mp3' } },
      ],
    });
    expect(
      inputs.map(({ source, kind, role, alias, assetId }) => ({ source, kind, role, alias, assetId })),
    ).toEqual([
      { source: 'image_url', kind: 'image', role: 'reference_image', alias: undefined, assetId: 'asset_img' },
      { source: 'first_frame_url', kind: 'image', role: 'first_frame', alias: undefined, assetId: undefined },
      { source: 'video_url', kind: 'video', role: 'reference_video', alias: undefined, assetId: undefined },
      {
        source: 'reference_video_url',
        kind: 'video',
        role: 'reference_video',
        alias: undefined,
        assetId: 'asset_rv',
      },
      { source: 'references[0]', kind: 'image', role: 'reference_image', alias: 'hero', assetId: undefined },
      {
        source: 'references[1]',
        kind: 'video',
        role: 'reference_video',
        alias: undefined,
        assetId: undefined,
      },
      {
        source: 'references[2]',
        kind: 'video',
        role: 'reference_image',
        alias: undefined,
        assetId: undefined,
      },
      { source: 'videos[0]', kind: 'video', role: 'reference_video', alias: undefined, assetId: undefined },
      { source: 'videos[1]', kind: 'video', role: 'reference_video', alias: undefined, assetId: 'asset_x' },
      { source: 'content[1]', kind: 'image', role: 'reference_image', alias: undefined, assetId: undefined },
      { source: 'content[2]', kind: 'audio', role: 'reference_audio', alias: undefined, assetId: undefined },
    ]);
  });

  it('a bare input_type loads nothing', () => {
    expect(collectMediaInputs({ input_type: 'image' } as never)).toEqual([]);
  });

  it('image_url takes input_reference_role, reference_image by default', () => {
    expect(
      collectMediaInputs({ image_url: 'https://e.com/a.png', input_reference_role: 'first_frame' })[0]?.role,
    ).toBe('first_frame');
  });
});

describe('hasVideoInput (specification, POST /v1/videos rule 3: billing)', () => {
  const img = 'https://example.com/a.png';
  const vid = 'https://example.com/v.mp4';

  const TRIGGERS: Record<string, Record<string, unknown>> = {
    video_url: { video_url: vid },
    reference_video_url: { reference_video_url: vid },
    'videos[]': { videos: [vid] },
    'references[] media_type=video': {
      references: [{ media_type: 'video', role: 'reference_image', url: vid }],
    },
    'references[] role=reference_video': { references: [{ role: 'reference_video', url: vid }] },
  };

  it('every trigger the rule lists counts as video input', () => {
    for (const [name, body] of Object.entries(TRIGGERS))
      expect(hasVideoInput({ ...base, ...body }), name).toBe(true);
  });

  it('an Asset:// reference to a video asset counts, in any media field, given the resolver', () => {
    const typeOf = (id: string) => (id.startsWith('asset_vid') ? 'video' : 'image');
    const slots: Record<string, unknown>[] = [
      { image_url: 'Asset://asset_vid1' },
      { first_frame_url: 'Asset://asset_vid1' },
      { references: [{ role: 'reference_image', media_type: 'image', url: 'Asset://asset_vid2' }] },
      { content: [{ type: 'image_url', role: 'reference_image', image_url: { url: 'Asset://asset_vid3' } }] },
    ];
    for (const slot of slots) {
      expect(hasVideoInput({ ...base, ...slot }, typeOf), JSON.stringify(slot)).toBe(true);
      // Without the resolver the type of a referenced asset is unknown: it is not guessed to be a video.
      expect(hasVideoInput({ ...base, ...slot }), JSON.stringify(slot)).toBe(false);
    }
    expect(hasVideoInput({ ...base, image_url: 'Asset://asset_img' }, typeOf)).toBe(false);
    expect(hasVideoInput({ ...base, image_url: 'Asset://asset_vid1' }, () => undefined)).toBe(false);
  });

  it('a video entry in content[] is video input', () => {
    const content = [{ type: 'video_url', role: 'reference_video', video_url: { url: vid } }];
    expect(hasVideoInput({ ...base, content })).toBe(true);
  });

  it('image-only, text-only and audio-only requests do not count', () => {
    const imageOnly = {
      ...base,
      image_url: img,
      first_frame_url: img,
      input_reference_role: 'first_frame',
      references: [
        { role: 'reference_image', url: img, media_type: 'image' },
        { role: 'first_frame', url: img },
      ],
      content: [{ type: 'image_url', role: 'reference_image', image_url: { url: img } }],
    };
    expect(hasVideoInput(imageOnly)).toBe(false);
    expect(hasVideoInput(base)).toBe(false);
    expect(
      hasVideoInput({
        ...base,
        content: [{ type: 'audio_url', role: 'x', audio_url: { url: 'https://e.com/a.mp3' } }],
      }),
    ).toBe(false);
  });

  it('empty values are no input: blank video_url, empty videos[]', () => {
    expect(hasVideoInput({ ...base, video_url: '', reference_video_url: '   ', videos: [] })).toBe(false);
  });

  const imagePart = fc.constantFrom<Record<string, unknown>>(
    { image_url: img },
    { first_frame_url: img },
    { input_reference_role: 'first_frame' },
    { input_type: 'video' },
    { references: [{ role: 'reference_image', url: img }] },
    { references: [{ role: 'first_frame', media_type: 'image', url: img }] },
    { content: [{ type: 'image_url', role: 'reference_image', image_url: { url: img } }] },
    { content: [{ type: 'text', text: 'a video of a cat' }] },
    { prompt: 'video_url reference_video' },
  );

  it('property: image-only requests never count; adding any one trigger always does', () => {
    fc.assert(
      fc.property(
        fc.array(imagePart, { maxLength: 5 }),
        fc.constantFrom(...Object.keys(TRIGGERS)),
        (parts, trigger) => {
          const imageOnly: Record<string, unknown> = Object.assign({ model: 'video-2.0-cl' }, ...parts);
          expect(hasVideoInput(imageOnly)).toBe(false);
          const withVideo = { ...imageOnly, ...TRIGGERS[trigger] };
          expect(hasVideoInput(withVideo)).toBe(true);
        },
      ),
    );
  });

  it('property: never throws on junk, with or without a resolver', () => {
    const resolver = fc.func(fc.constantFrom<string | undefined>('video', 'image', undefined, 'audio'));
    fc.assert(
      fc.property(junk, junkRecord, resolver, (v, extra, typeOf) => {
        expect(typeof hasVideoInput(v)).toBe('boolean');
        expect(typeof hasVideoInput(v, typeOf)).toBe('boolean');
        expect(typeof hasVideoInput({ ...base, ...extra }, typeOf)).toBe('boolean');
      }),
    );
  });

  it('property: agrees on a raw body and on the body CreateVideoSchema parsed from it', () => {
    const part = fc.oneof(imagePart, fc.constantFrom(...Object.values(TRIGGERS)));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), (parts) => {
        const raw: Record<string, unknown> = Object.assign({ ...base }, ...parts);
        const r = CreateVideoSchema.safeParse(raw);
        fc.pre(r.success);
        if (r.success) expect(hasVideoInput(r.data)).toBe(hasVideoInput(raw));
      }),
    );
  });
});
