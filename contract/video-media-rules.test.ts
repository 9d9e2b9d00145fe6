import { describe, expect, it } from 'vitest';
import { CreateVideoSchema } from './video';
import {
  collectMediaInputs,
  extraFirstFrames,
  isAcceptedMediaUrl,
  kindForRole,
  mediaInputProblems,
  roleFitsKind,
  ROLES_BY_KIND,
} from './video-rules';

const base = { model: 'video-2.0-cl', prompt: 'a cat' };
const img = 'https://e.com/a.png';
const vid = 'https://e.com/v.mp4';
const params = (body: Record<string, unknown>) => mediaInputProblems(body).map((p) => p.param);

describe('roleFitsKind', () => {
  it('images take first_frame or reference_image, videos reference_video, audio any other role', () => {
    expect(roleFitsKind('first_frame', 'image')).toBe(true);
    expect(roleFitsKind('reference_image', 'image')).toBe(true);
    expect(roleFitsKind('reference_video', 'image')).toBe(false);
    expect(roleFitsKind('first_frame', 'video')).toBe(false);
    expect(roleFitsKind('reference_video', 'video')).toBe(true);
    expect(roleFitsKind('reference_audio', 'audio')).toBe(true);
    expect(roleFitsKind('reference_image', 'audio')).toBe(false);
    expect(roleFitsKind('first_frame', 'audio')).toBe(false);
    // No audio role is named by the specification (issue 44).
    expect(roleFitsKind('background_music', 'audio')).toBe(true);
    expect(roleFitsKind('', 'audio')).toBe(false);
    expect(roleFitsKind(undefined, 'image')).toBe(false);
    expect(roleFitsKind('__proto__', 'image')).toBe(false);
  });

  it('kindForRole inverts the table', () => {
    for (const [kind, roles] of Object.entries(ROLES_BY_KIND))
      for (const role of roles) expect(kindForRole(role)).toBe(kind);
    expect(kindForRole('banana')).toBeUndefined();
  });
});

describe('isAcceptedMediaUrl', () => {
  it('accepts http(s), Asset:// and /files/ paths of this server', () => {
    for (const ok of [img, 'HTTP://e.com/x', 'Asset://asset_abc', '/files/o/asset_1/a.png'])
      expect(isAcceptedMediaUrl(ok)).toBe(true);
  });
  it('refuses other schemes, relative paths and broken URLs', () => {
    for (const bad of [
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'ftp://e.com/a.png',
      'a.png',
      '/etc/passwd',
      'https://',
      'Asset://',
      'javascript:alert(1)',
    ])
      expect(isAcceptedMediaUrl(bad)).toBe(false);
  });
});

describe('mediaInputProblems', () => {
  it('a video as first_frame is refused at its role', () => {
    const p = mediaInputProblems({ references: [{ media_type: 'video', role: 'first_frame', url: vid }] });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ param: 'references[0].role', path: ['references', 0, 'role'] });
    expect(p[0]!.message).toMatch(/a video cannot have role "first_frame"; a video takes reference_video/);
  });

  it('content entries are checked against their type, with the entry index in param', () => {
    const content = [
      { type: 'text', text: 'x' },
      { type: 'video_url', role: 'reference_image', video_url: { url: vid } },
      { type: 'image_url', role: 'banana', image_url: { url: img } },
      { type: 'audio_url', role: 'reference_audio', audio_url: { url: 'https://e.com/a.mp3' } },
    ] as const;
    expect(params({ content: [...content] })).toEqual(['content[1].role', 'content[2].role']);
  });

  it('input_reference_role is open: a role this server does not know is accepted on image_url', () => {
    expect(params({ image_url: img, input_reference_role: 'style_reference' })).toEqual([]);
  });

  it('image_url with a video role is refused at input_reference_role', () => {
    expect(params({ image_url: img, input_reference_role: 'reference_video' })).toEqual([
      'input_reference_role',
    ]);
  });

  it('a second first frame is not refused; extraFirstFrames names those after the first (issue 44)', () => {
    const body = {
      first_frame_url: img,
      references: [
        { role: 'reference_image', url: img },
        { role: 'first_frame', url: img },
      ],
      content: [{ type: 'image_url' as const, role: 'first_frame', image_url: { url: img } }],
    };
    expect(params(body)).toEqual([]);
    expect(extraFirstFrames(collectMediaInputs(body)).map((i) => i.source)).toEqual([
      'references[1]',
      'content[0]',
    ]);
  });

  it('an audio entry takes any role but the image and video ones', () => {
    const audio = (role: string) => ({
      content: [{ type: 'audio_url' as const, role, audio_url: { url: img } }],
    });
    expect(params(audio('background_music'))).toEqual([]);
    expect(params(audio('first_frame'))).toEqual(['content[0].role']);
  });

  it('media URLs that are not http(s), Asset:// or /files/ are refused at the URL field', () => {
    expect(params({ first_frame_url: 'data:image/png;base64,AA' })).toEqual(['first_frame_url']);
    expect(params({ references: [{ role: 'reference_image', url: 'ftp://e.com/a.png' }] })).toEqual([
      'references[0].url',
    ]);
    expect(
      params({ content: [{ type: 'image_url', role: 'reference_image', image_url: { url: 'x.png' } }] }),
    ).toEqual(['content[0].image_url.url']);
    expect(params({ videos: ['file:///v.mp4'] })).toEqual(['videos[0]']);
  });

  it('CreateVideoSchema reports the same problems with the same paths', () => {
    const r = CreateVideoSchema.safeParse({
      ...base,
      references: [
        { role: 'first_frame', url: img },
        { role: 'first_frame', media_type: 'video', url: img },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([['references', 1, 'role']]);
  });

  it('a valid mixed request has no problems', () => {
    expect(
      params({
        first_frame_url: 'Asset://asset_a',
        video_url: '/files/o/asset_v/v.mp4',
        references: [{ role: 'reference_image', url: img, alias: 'hero' }],
      }),
    ).toEqual([]);
  });
});
