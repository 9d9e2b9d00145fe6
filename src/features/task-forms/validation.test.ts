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
    const issues = validateDigitalHuman({ ...complete, callbackUrl: 'https://h.test/x?token=1' });
    expect(issues).toEqual([
      { field: 'callbackUrl', code: 'callback_credential_param', values: { param: 'token' } },
    ]);
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

  it('holds the limits of the contract, but none on the prompt (issue 44: a server bound, not the spec)', () => {
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'x'.repeat(20_000) }))).toEqual([]);
    expect(codes(validateMusic({ ...EMPTY_MUSIC_DRAFT, prompt: 'p', style: 's'.repeat(201) }))).toEqual([
      'style:tooLong',
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
