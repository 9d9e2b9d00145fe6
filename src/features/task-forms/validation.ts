// The digital-human and music rules moved down to src/lib, shared with the batches.
export { validateDigitalHuman, type AssetLookup, type DigitalHumanField } from '@/lib/digital-human-draft';
import type { DigitalHumanField } from '@/lib/digital-human-draft';
export { validateMusic, type MusicField } from '@/lib/music-draft';
import type { MusicField } from '@/lib/music-draft';

const DIGITAL_HUMAN_PARAMS: Record<string, DigitalHumanField> = {
  model: 'model',
  avatar_asset_id: 'avatar',
  audio_url: 'audio',
  name: 'name',
  text: 'text',
  voice_asset_id: 'voice',
  callback_url: 'callbackUrl',
};
const MUSIC_PARAMS: Record<string, MusicField> = {
  model: 'model',
  prompt: 'prompt',
  style: 'style',
  title: 'title',
  callback_url: 'callbackUrl',
};

/** The field a server refusal's `param` names; undefined for one the form does not show. */
export function digitalHumanFieldOfParam(param: string | undefined): DigitalHumanField | undefined {
  return param ? DIGITAL_HUMAN_PARAMS[param.trim().split(/[.[]/)[0]!] : undefined;
}
export function musicFieldOfParam(param: string | undefined): MusicField | undefined {
  return param ? MUSIC_PARAMS[param.trim().split(/[.[]/)[0]!] : undefined;
}
