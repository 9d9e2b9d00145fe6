import { describe, expect, it } from 'vitest';
import {
  bodyToDigitalHumanDraft,
  bodyToMusicDraft,
  digitalHumanToBody,
  EMPTY_DIGITAL_HUMAN_DRAFT,
  EMPTY_MUSIC_DRAFT,
  formPathOf,
  kindOfBody,
  musicToBody,
  taskToBody,
  type DigitalHumanDraft,
} from './draft';

const videoDraft: DigitalHumanDraft = {
  ...EMPTY_DIGITAL_HUMAN_DRAFT,
  group: 'grp_1',
  avatarAssetId: 'asset_face',
  audioAssetId: 'asset_speech',
  name: '  Greeting ',
  authorizationAssetId: 'asset_consent',
  callbackUrl: ' https://example.com/hook ',
};

describe('digital-human draft → body', () => {
  it('sends assets as Asset:// references, trims the name and callback, never the authorization', () => {
    expect(digitalHumanToBody(videoDraft)).toEqual({
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_face',
      audio_url: 'Asset://asset_speech',
      name: 'Greeting',
      callback_url: 'https://example.com/hook',
    });
  });

  it('sends a typed audio URL as given and leaves out an empty name and callback', () => {
    const body = digitalHumanToBody({
      ...videoDraft,
      audioSource: 'url',
      audioUrl: ' https://cdn.example.com/a.mp3 ',
      name: ' ',
      callbackUrl: '',
    });
    expect(body).toEqual({
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_face',
      audio_url: 'https://cdn.example.com/a.mp3',
    });
  });

  it('builds the speech body from the text and voice in audio mode', () => {
    expect(
      digitalHumanToBody({ ...videoDraft, mode: 'audio', text: 'Hello there', voiceAssetId: 'asset_voice' }),
    ).toEqual({
      model: 'digital-human-audio-v8',
      text: 'Hello there',
      voice_asset_id: 'Asset://asset_voice',
      callback_url: 'https://example.com/hook',
    });
  });

  it('round-trips through the body, keeping what the body does not carry', () => {
    const back = bodyToDigitalHumanDraft(
      digitalHumanToBody(videoDraft) as unknown as Record<string, unknown>,
      EMPTY_DIGITAL_HUMAN_DRAFT,
    );
    expect(back).toMatchObject({
      mode: 'video',
      avatarAssetId: 'asset_face',
      audioSource: 'asset',
      audioAssetId: 'asset_speech',
      name: 'Greeting',
      callbackUrl: 'https://example.com/hook',
    });
    const base = { ...EMPTY_DIGITAL_HUMAN_DRAFT, group: 'grp_9', authorizationAssetId: 'asset_consent' };
    const audio = bodyToDigitalHumanDraft(
      { model: 'digital-human-audio-v8', text: 'Hi', voice_asset_id: 'asset_v' },
      base,
    );
    expect(audio).toMatchObject({
      mode: 'audio',
      text: 'Hi',
      voiceAssetId: 'asset_v',
      group: 'grp_9',
      authorizationAssetId: 'asset_consent',
      callbackUrl: '',
    });
  });

  it('reads an audio URL that is not an asset as a URL source', () => {
    const d = bodyToDigitalHumanDraft(
      { model: 'digital-human-video-v8', avatar_asset_id: 'asset_a', audio_url: 'https://x.test/s.mp3' },
      EMPTY_DIGITAL_HUMAN_DRAFT,
    );
    expect(d).toMatchObject({ audioSource: 'url', audioUrl: 'https://x.test/s.mp3', audioAssetId: '' });
  });
});

describe('music draft ↔ body', () => {
  it('sends every field with customMode as a boolean and round-trips', () => {
    const draft = {
      ...EMPTY_MUSIC_DRAFT,
      prompt: 'line one\nline two',
      style: ' calm piano ',
      title: ' Night ',
      customMode: true,
    };
    const body = musicToBody(draft);
    expect(body).toEqual({
      model: 'music-v5.5',
      prompt: 'line one\nline two',
      style: 'calm piano',
      title: 'Night',
      customMode: true,
    });
    expect(bodyToMusicDraft(body as unknown as Record<string, unknown>)).toEqual({
      ...draft,
      style: 'calm piano',
      title: 'Night',
    });
  });
});

describe('kinds, rebuilt bodies and paths', () => {
  it('tells the form of a body by its model', () => {
    expect(kindOfBody({ model: 'music-v5.5' })).toBe('music');
    expect(kindOfBody({ model: 'digital-human-audio-v8' })).toBe('digital_human_audio');
    expect(kindOfBody({ model: 'digital-human-video-v8' })).toBe('digital_human_video');
    expect(kindOfBody({ model: 'video-2.0-cl', prompt: 'x' })).toBeUndefined();
    expect(formPathOf('digital_human_audio')).toBe('/create/digital-human');
    expect(formPathOf('music')).toBe('/create/music');
  });

  it('re-runs a task of a model it does not know (the specification names models with "e.g.")', () => {
    expect(kindOfBody({ model: 'music-v6', prompt: 'x' })).toBe('music');
    expect(
      kindOfBody({ model: 'acme-avatar', avatar_asset_id: 'asset_a', audio_url: 'https://a/b.mp3' }),
    ).toBe('digital_human_video');
    expect(kindOfBody({ model: 'acme-voice', text: 'hi', voice_asset_id: 'asset_v' })).toBe(
      'digital_human_audio',
    );
    // A body that only the model could tell: the form it is opened from, or the task's own kind, decides.
    expect(kindOfBody({ model: 'acme-songs', prompt: 'x' })).toBeUndefined();
    expect(kindOfBody({ model: 'acme-songs', prompt: 'x' }, 'music')).toBe('music');
    // A video is never taken for a music task, whatever the hint.
    expect(kindOfBody({ model: 'video-2.0-cl', prompt: 'x' }, 'music')).toBeUndefined();
    const body = taskToBody({
      id: 't',
      model: 'acme-songs',
      prompt: 'p',
      customMode: true,
      style: 's',
      title: 't',
    });
    expect(body).toMatchObject({ model: 'acme-songs', customMode: true, style: 's', title: 't' });
  });

  it('rebuilds a music body without pinning a derived title and style', () => {
    const task = {
      kind: 'music',
      model: 'music-v5.5',
      prompt: 'calm piano, 10 seconds',
      title: 'Calm piano',
      style: 'piano lead, 66 BPM',
      customMode: false,
      callback_url: null,
    };
    expect(taskToBody(task)).toEqual({
      model: 'music-v5.5',
      prompt: 'calm piano, 10 seconds',
      customMode: false,
      style: '',
      title: '',
    });
    expect(taskToBody({ ...task, customMode: true })).toMatchObject({
      style: 'piano lead, 66 BPM',
      title: 'Calm piano',
    });
  });

  it('rebuilds a digital-human video body from the task object', () => {
    expect(
      taskToBody({
        kind: 'digital_human_video',
        model: 'digital-human-video-v8',
        avatar_asset_id: 'Asset://asset_a',
        audio_url: 'Asset://asset_b',
        name: 'Hi',
        callback_url: 'https://example.com/h',
        result_url: 'http://x/files/r.mp4',
      }),
    ).toEqual({
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_a',
      audio_url: 'Asset://asset_b',
      name: 'Hi',
      callback_url: 'https://example.com/h',
    });
  });
});
