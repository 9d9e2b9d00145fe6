import { describe, expect, it } from 'vitest';
import { hasVideoInput } from '@contract/video-rules';
import {
  applyModel,
  draftToRequest,
  EMPTY_COMPOSER_DRAFT,
  newReference,
  requestToDraft,
  suggestAlias,
  taskToRequest,
  type ComposerDraft,
  type ReferenceDraft,
} from './draft';

const ref = (over: Partial<ReferenceDraft>): ReferenceDraft => ({
  key: over.key ?? 'k',
  role: 'reference_image',
  mediaType: 'image',
  alias: '',
  url: 'https://e.com/a.png',
  ...over,
});

const full: ComposerDraft = {
  ...EMPTY_COMPOSER_DRAFT,
  model: 'video-2.0-cl',
  prompt: 'A cat walks past @hero',
  duration: '8',
  ratio: '9:16',
  resolution: '1080p',
  generateAudio: false,
  watermark: true,
  callbackUrl: ' https://example.com/hook ',
  references: [
    ref({ key: 'a', role: 'first_frame', url: 'Asset://asset_1', alias: '' }),
    ref({
      key: 'b',
      role: 'reference_video',
      mediaType: 'video',
      url: 'https://e.com/v.mp4',
      alias: ' hero ',
    }),
  ],
};

describe('draftToRequest', () => {
  it('maps every field to the body of POST /v1/videos, references in row order', () => {
    expect(draftToRequest(full)).toEqual({
      model: 'video-2.0-cl',
      prompt: 'A cat walks past @hero',
      references: [
        { media_type: 'image', role: 'first_frame', url: 'Asset://asset_1' },
        { media_type: 'video', role: 'reference_video', url: 'https://e.com/v.mp4', alias: 'hero' },
      ],
      duration: 8,
      ratio: '9:16',
      resolution: '1080p',
      generate_audio: false,
      watermark: true,
      callback_url: 'https://example.com/hook',
    });
  });

  it('leaves out an empty prompt, no references and a blank callback_url; audio on by default', () => {
    const body = draftToRequest({ ...EMPTY_COMPOSER_DRAFT, prompt: '  ' });
    expect(body).not.toHaveProperty('prompt');
    expect(body).not.toHaveProperty('references');
    expect(body).not.toHaveProperty('callback_url');
    expect(body.generate_audio).toBe(true);
    expect(body.duration).toBe(5);
  });

  it('keeps a duration that is not a number as typed, for the validator to refuse', () => {
    expect(draftToRequest({ ...EMPTY_COMPOSER_DRAFT, duration: 'ten' }).duration).toBe('ten');
  });

  it('a reference video makes it a request with video input (billing rule 3)', () => {
    expect(hasVideoInput(draftToRequest(full))).toBe(true);
    expect(hasVideoInput(draftToRequest({ ...full, references: [full.references[0]!] }))).toBe(false);
  });
});

describe('requestToDraft', () => {
  it('is the inverse of draftToRequest (keys aside)', () => {
    const back = requestToDraft(draftToRequest(full));
    const strip = (d: ComposerDraft) => ({ ...d, references: d.references.map(({ key: _k, ...r }) => r) });
    expect(strip(back)).toEqual(
      strip({
        ...full,
        callbackUrl: 'https://example.com/hook',
        references: full.references.map((r) => ({ ...r, alias: r.alias.trim() })),
      }),
    );
  });

  it('reads every other way of passing media: first_frame_url, image_url + role, video_url, content[]', () => {
    const draft = requestToDraft({
      model: 'video-2.0-cl-fast',
      first_frame_url: 'https://e.com/first.png',
      image_url: 'https://e.com/ref.png',
      input_reference_role: 'reference_image',
      reference_video_url: 'https://e.com/v.mp4',
      content: [
        { type: 'text', text: 'from content' },
        { type: 'image_url', role: 'reference_image', image_url: { url: 'https://e.com/c.png' } },
      ],
      aspect_ratio: '1:1',
      generateAudio: false,
      duration: '6',
    });
    expect(draft.model).toBe('video-2.0-cl-fast');
    expect(draft.prompt).toBe('from content');
    expect(draft.ratio).toBe('1:1');
    expect(draft.duration).toBe('6');
    expect(draft.generateAudio).toBe(false);
    expect(draft.references.map((r) => [r.role, r.mediaType, r.url])).toEqual([
      ['reference_image', 'image', 'https://e.com/ref.png'],
      ['first_frame', 'image', 'https://e.com/first.png'],
      ['reference_video', 'video', 'https://e.com/v.mp4'],
      ['reference_image', 'image', 'https://e.com/c.png'],
    ]);
  });

  it('never throws on junk and falls back to the defaults', () => {
    for (const junk of [null, 42, 'x', [], { references: 'no', content: [null, { type: 'image_url' }] }]) {
      const draft = requestToDraft(junk);
      expect(draft.model).toBe(EMPTY_COMPOSER_DRAFT.model);
      expect(draft.generateAudio).toBe(true);
    }
  });
});

describe('taskToRequest', () => {
  it('rebuilds a body from a task object and its input_references', () => {
    const body = taskToRequest({
      object: 'task',
      id: 'task_1',
      status: 'succeeded',
      model: 'video-2.0-cl-mini',
      prompt: 'Hello @hero',
      duration: 5,
      ratio: '16:9',
      resolution: '480p',
      generate_audio: true,
      watermark: false,
      callback_url: null,
      input_references: [
        {
          alias: 'hero',
          role: 'reference_video',
          type: 'video',
          url: 'Asset://asset_v',
          binding_status: 'bound',
        },
        { alias: null, role: 'first_frame', type: 'image', url: 'https://e.com/f.png' },
      ],
    });
    expect(body).toEqual({
      model: 'video-2.0-cl-mini',
      prompt: 'Hello @hero',
      duration: 5,
      ratio: '16:9',
      resolution: '480p',
      generate_audio: true,
      watermark: false,
      references: [
        { media_type: 'video', role: 'reference_video', url: 'Asset://asset_v', alias: 'hero' },
        { media_type: 'image', role: 'first_frame', url: 'https://e.com/f.png' },
      ],
    });
    expect(requestToDraft(body).references[0]).toMatchObject({ alias: 'hero', role: 'reference_video' });
  });
});

describe('applyModel and new references', () => {
  it('a model without the chosen resolution gets its highest one, and says what changed', () => {
    const out = applyModel({ ...EMPTY_COMPOSER_DRAFT, resolution: '1080p' }, 'video-2.0-cl-fast');
    expect(out.draft.resolution).toBe('720p');
    expect(out.resolutionFixed).toEqual({ from: '1080p', to: '720p' });
    expect(
      applyModel({ ...EMPTY_COMPOSER_DRAFT, resolution: '480p' }, 'video-2.0-cl-fast').resolutionFixed,
    ).toBeUndefined();
  });

  it('suggests the next free alias per role, none for the first frame', () => {
    const refs = [ref({ alias: 'image1' }), ref({ alias: 'video1' })];
    expect(suggestAlias('reference_image', refs)).toBe('image2');
    expect(suggestAlias('reference_video', refs)).toBe('video2');
    expect(suggestAlias('first_frame', refs)).toBe('');
    expect(newReference('reference_video', [])).toMatchObject({
      mediaType: 'video',
      alias: 'video1',
      url: '',
    });
  });
});
