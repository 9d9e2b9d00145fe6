import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DigitalHumanAudioBodySchema,
  DigitalHumanVideoBodySchema,
  MusicBodySchema,
  taskKindOfModel,
} from './task-create';
import { NASTY_KEYS, junk } from './test-support/arbitraries';

function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('POST /v1/tasks bodies (specification, Generic and digital-human tasks)', () => {
  it('taskKindOfModel picks the body shape by model', () => {
    expect(taskKindOfModel('digital-human-video-v8')).toBe('digital_human_video');
    expect(taskKindOfModel('digital-human-audio-v8')).toBe('digital_human_audio');
    expect(taskKindOfModel('music-v5.5')).toBe('music');
    for (const m of ['video-2.0-cl', 'MUSIC-V5.5', '', undefined, 5, ...NASTY_KEYS])
      expect(taskKindOfModel(m)).toBeUndefined();
  });

  it('digital-human video: model, avatar_asset_id (id or Asset:// reference), audio_url, name', () => {
    const body = {
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_face',
      audio_url: 'https://example.com/voice.mp3',
      name: 'Intro',
    };
    expect(DigitalHumanVideoBodySchema.parse(body)).toEqual(body);
    expect(messages(DigitalHumanVideoBodySchema.safeParse({ ...body, avatar_asset_id: ' ' }))).toEqual([
      'avatar_asset_id: avatar_asset_id is required: an avatar image asset id, Asset:// reference or public avatar id (GET /v1/public-resources)',
    ]);
    const { audio_url: _omit, ...noAudio } = body;
    expect(messages(DigitalHumanVideoBodySchema.safeParse(noAudio))).toEqual([
      'audio_url: audio_url is required: a public URL or Asset:// reference of the speech audio',
    ]);
  });

  it('digital-human audio: text and voice_asset_id are required', () => {
    const body = { model: 'digital-human-audio-v8', text: 'Hello', voice_asset_id: 'asset_voice' };
    expect(DigitalHumanAudioBodySchema.safeParse(body).success).toBe(true);
    expect(messages(DigitalHumanAudioBodySchema.safeParse({ ...body, text: '' }))).toEqual([
      'text: text is required: the text to speak',
    ]);
  });

  it('music: model, prompt, style, title, customMode with defaults', () => {
    expect(MusicBodySchema.parse({ model: 'music-v5.5' })).toEqual({
      model: 'music-v5.5',
      prompt: '',
      style: '',
      title: '',
      customMode: false,
    });
    expect(MusicBodySchema.safeParse({ model: 'music-v5.5', customMode: 'yes' }).success).toBe(false);
  });

  it('callback_url follows the webhook rules on every kind', () => {
    const bodies = [
      { model: 'digital-human-video-v8', avatar_asset_id: 'asset_a', audio_url: 'https://e.com/a.mp3' },
      { model: 'digital-human-audio-v8', text: 'hi', voice_asset_id: 'asset_v' },
      { model: 'music-v5.5' },
    ];
    const schemas = [DigitalHumanVideoBodySchema, DigitalHumanAudioBodySchema, MusicBodySchema];
    schemas.forEach((schema, i) => {
      expect(schema.safeParse({ ...bodies[i], callback_url: 'https://example.com/hook' }).success).toBe(true);
      expect(schema.safeParse({ ...bodies[i], callback_url: 'javascript:alert(1)' }).success).toBe(false);
      expect(
        schema.safeParse({ ...bodies[i], callback_url: 'https://example.com/hook?api_key=1' }).success,
      ).toBe(false);
    });
  });

  it('property: never throws on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        for (const schema of [DigitalHumanVideoBodySchema, DigitalHumanAudioBodySchema, MusicBodySchema])
          expect(typeof schema.safeParse(v).success).toBe('boolean');
        expect(['digital_human_video', 'digital_human_audio', 'music', undefined]).toContain(
          taskKindOfModel(v),
        );
      }),
    );
  });
});
