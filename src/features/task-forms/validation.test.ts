import { describe, expect, it } from 'vitest';
import { EMPTY_DIGITAL_HUMAN_DRAFT, EMPTY_MUSIC_DRAFT, type DigitalHumanDraft } from './draft';
import {
  digitalHumanFieldOfParam,
  musicFieldOfParam,
  validateDigitalHuman,
  validateMusic,
} from './validation';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';

const READY = READY_ASSET_FIELDS;

const complete: DigitalHumanDraft = {
  ...EMPTY_DIGITAL_HUMAN_DRAFT,
  avatarAssetId: 'asset_a',
  audioAssetId: 'asset_b',
  authorizationAssetId: 'asset_c',
};

const codes = (issues: { field: string; code: string }[]) => issues.map((i) => `${i.field}:${i.code}`);

describe('validateDigitalHuman', () => {
  it('asks for every asset of a video, and for the consent record', () => {
    expect(codes(validateDigitalHuman(EMPTY_DIGITAL_HUMAN_DRAFT))).toEqual([
      'avatar:avatarRequired',
      'audio:audioRequired',
      'authorization:authorizationRequired',
    ]);
    expect(validateDigitalHuman(complete)).toEqual([]);
  });

  it('asks for text and voice in audio mode', () => {
    expect(codes(validateDigitalHuman({ ...complete, mode: 'audio' }))).toEqual([
      'text:textRequired',
      'voice:voiceRequired',
    ]);
  });

  it('refuses a picked asset that is still preparing or failed, and passes a ready one', () => {
    const lookup = (id: string) =>
      id === 'asset_a'
        ? { ...READY, generation_ready: false, preparation_status: 'syncing' }
        : id === 'asset_b'
          ? { ...READY, status: 'failed' }
          : READY;
    expect(codes(validateDigitalHuman(complete, { lookup }))).toEqual([
      'avatar:asset_preparing',
      'audio:asset_failed',
    ]);
    expect(validateDigitalHuman(complete, { lookup: () => READY })).toEqual([]);
  });

  it('checks a typed audio URL, and leaves the length of the name to the server (issue 44)', () => {
    expect(
      codes(validateDigitalHuman({ ...complete, audioSource: 'url', audioUrl: 'ftp://x/a.mp3' })),
    ).toEqual(['audio:audioUrlInvalid']);
    expect(codes(validateDigitalHuman({ ...complete, name: 'x'.repeat(5000) }))).toEqual([]);
  });

  it('refuses a callback URL that carries the key or a credential parameter', () => {
    const key = 'sk-secret-123';
    expect(
      codes(
        validateDigitalHuman({ ...complete, callbackUrl: `https://h.test/x?k=${key}` }, { secrets: [key] }),
      ),
    ).toEqual(['callbackUrl:callback_contains_key']);
    // A parameter named like a credential is this server's guess: a warning, never a block.
    const issues = validateDigitalHuman({ ...complete, callbackUrl: 'https://h.test/x?token=1' });
    expect(issues).toEqual([
      {
        field: 'callbackUrl',
        code: 'callback_credential_param',
        values: { param: 'token' },
        severity: 'warning',
      },
    ]);
  });

  it('copies no server bound: any speech length, any model name (issue 44)', () => {
    const audio = { ...complete, mode: 'audio' as const, voiceAssetId: 'asset_v' };
    expect(codes(validateDigitalHuman({ ...audio, text: 't'.repeat(20_000) }))).toEqual([]);
    expect(codes(validateDigitalHuman({ ...complete, videoModel: 'digital-human-video-v9' }))).toEqual([]);
    expect(codes(validateDigitalHuman({ ...audio, text: 'hi', audioModel: 'dh-audio-x' }))).toEqual([]);
    expect(codes(validateDigitalHuman({ ...complete, videoModel: ' ' }))).toEqual(['model:modelRequired']);
  });
});

describe('validateMusic', () => {
  it('needs a prompt without custom mode, and title and style with it', () => {
    expect(codes(validateMusic(EMPTY_MUSIC_DRAFT))).toEqual(['prompt:promptRequired']);
    expect(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'calm piano, 10 seconds' })).toEqual([]);
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, customMode: true }))).toEqual([
      'style:styleRequiredCustom',
      'title:titleRequiredCustom',
    ]);
    // Lyrics may be empty in custom mode: an instrumental.
    expect(validateMusic({ ...EMPTY_MUSIC_DRAFT, customMode: true, style: 'jazz', title: 'T' })).toEqual([]);
  });

  it('copies no server bound: any prompt, style or title length, any model name (issue 44)', () => {
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'x'.repeat(20_000) }))).toEqual([]);
    const long = { ...EMPTY_MUSIC_DRAFT, prompt: 'p', style: 's'.repeat(201), title: 't'.repeat(201) };
    expect(codes(validateMusic(long))).toEqual([]);
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'p', model: 'music-v6' }))).toEqual([]);
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'p', model: '' }))).toEqual([
      'model:modelRequired',
    ]);
  });
});

describe('server params → fields', () => {
  it('puts each refusal on the field its param names', () => {
    expect(digitalHumanFieldOfParam('avatar_asset_id')).toBe('avatar');
    expect(digitalHumanFieldOfParam('audio_url')).toBe('audio');
    expect(digitalHumanFieldOfParam('voice_asset_id')).toBe('voice');
    expect(digitalHumanFieldOfParam('callback_url')).toBe('callbackUrl');
    expect(digitalHumanFieldOfParam(undefined)).toBeUndefined();
    expect(musicFieldOfParam('title')).toBe('title');
    expect(musicFieldOfParam('customMode')).toBeUndefined();
  });
});
