import { publicAvatarOf } from '@contract/public-avatars';
import { SPEECH_VOICES } from '@contract/text-requests';
import type { AppContext } from '../../../context';
import { badRequest } from '../../../errors';
import { hash32 } from '../../../media/render-layout';
import { detectSpeechLanguage } from '../../../media/speech';
import { countTokens } from '../../text/tokens';
import { checkCallbackUrl } from '../callback-destination';
import type { CreatingRequest } from '../creating-request';
import type { DigitalHumanAudioParams, DigitalHumanVideoParams } from './digital-human-task';
import type { BodyOf, Prepared } from '../prepared-task';
import { assetIdOf, checkMediaUrlField, checkTaskAsset } from '../inputs/task-assets';
import { boundedRunMs } from '../runner/timing';
import { quoted } from '@contract/quoted';

/** POST /v1/tasks, digital-human video and audio: the checks that need the database, and the row's params. */

const AVATAR = {
  param: 'avatar_asset_id',
  type: 'image',
  purpose: 'digital_human_avatar',
  role: 'the avatar',
} as const;
const SPEECH_AUDIO = {
  param: 'audio_url',
  type: 'audio',
  purpose: 'digital_human_voice',
  role: 'the speech audio',
} as const;
const VOICE = {
  param: 'voice_asset_id',
  type: 'audio',
  purpose: 'digital_human_voice',
  role: 'the voice',
} as const;

/** An asset field that takes `asset_…` or `Asset://asset_…`, never a URL. */
function assetField(
  value: string,
  need: { param: string; purpose: string; role: string; type: string },
): string {
  const id = assetIdOf(value);
  if (id) return id;
  throw badRequest(
    `${need.param} must be an asset id (asset_…) or an Asset://<asset_id> reference, got ${quoted(value)}. Register ${need.role} (${need.type === 'image' ? 'an image' : 'an audio file'}) with POST /v1/assets/uploads and purpose=${need.purpose}, then use its asset_id once it is ready.`,
    need.param,
  );
}

export function digitalHumanVideo(
  ctx: AppContext,
  req: CreatingRequest,
  body: BodyOf<'digital_human_video'>,
): Prepared {
  checkCallbackUrl(ctx, req, body.callback_url);
  // A public avatar (decision 293) is every key's; any other value must be an asset of this key.
  const publicAvatar = publicAvatarOf(body.avatar_asset_id);
  const avatarId = publicAvatar?.id ?? assetField(body.avatar_asset_id, AVATAR);
  if (!publicAvatar) checkTaskAsset(ctx, req.owner, avatarId, AVATAR);
  const audioUrl = body.audio_url.trim();
  const audioAsset = checkMediaUrlField(ctx, req.owner, req.origin, audioUrl, SPEECH_AUDIO);
  const knownSeconds = audioAsset?.duration ?? 0;
  const params: DigitalHumanVideoParams = {
    avatar_asset_id: body.avatar_asset_id.trim(),
    avatar: `Asset://${avatarId}`,
    ...(publicAvatar ? { public_avatar: publicAvatar.id } : {}),
    audio_url: audioUrl,
    name: body.name ?? '',
  };
  return {
    kind: 'digital_human_video',
    model: body.model,
    body,
    params,
    tokens: countTokens(params.name),
    callbackUrl: body.callback_url,
    // Longer speech renders longer; an audio URL's length is unknown until the task reads it.
    runMs: boundedRunMs(8000 + (knownSeconds > 0 ? knownSeconds : 10) * 400),
  };
}

export function digitalHumanAudio(
  ctx: AppContext,
  req: CreatingRequest,
  body: BodyOf<'digital_human_audio'>,
): Prepared {
  checkCallbackUrl(ctx, req, body.callback_url);
  const voiceId = assetField(body.voice_asset_id, VOICE);
  checkTaskAsset(ctx, req.owner, voiceId, VOICE);
  const params: DigitalHumanAudioParams = {
    text: body.text,
    voice_asset_id: body.voice_asset_id.trim(),
    // The same voice asset always speaks with the same voice; different assets spread over all of them.
    voice: SPEECH_VOICES[hash32(voiceId) % SPEECH_VOICES.length]!,
    language: detectSpeechLanguage(body.text),
  };
  return {
    kind: 'digital_human_audio',
    model: body.model,
    body,
    params,
    tokens: countTokens(body.text),
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(8000 + [...body.text].length * 8),
  };
}
