import { callbackUrlProblem } from '@contract/callback-url';
import type { CreateTask } from '@contract/task-create';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../errors';
import { publicAvatarOf } from '@contract/public-avatars';
import { newId } from '../../ids';
import { SPEECH_VOICES } from '@contract/text-requests';
import { detectSpeechLanguage } from '../../media/speech';
import { hash32 } from '../../media/render-layout';
import { countTokens } from '../text/tokens';
import { getTask, insertTask } from '../../store/tasks';
import type { DigitalHumanAudioParams, DigitalHumanVideoParams } from './digital-human-task';
import { keyName, musicLength, musicSeed, planMusic, styleFromPlan, titleFromPrompt } from './music-plan';
import type { MusicParams } from './music-task';
import { checkCallbackDestination } from './callback-destination';
import type { ImageParams } from './image-task';
import type { ResourceParams } from './resource-task';
import { assetNotReady } from '../assets/asset-readiness';
import { getAssetForOwner } from '../../store/assets';
import { wakeTaskRunner } from './runner';
import { rememberTaskOutcome } from '../double/outcomes';
import { assetIdOf, checkMediaUrlField, checkTaskAsset } from './task-assets';
import { boundedRunMs, PENDING_MS } from './timing';
import { toTaskObject, type TaskObject } from './task-object';

type BodyOf<K extends CreateTask['kind']> = Extract<CreateTask, { kind: K }>['body'];
import type { CreatingRequest } from './creating-request';

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

/** The fields of a new row every kind shares. */
interface Prepared {
  kind: 'digital_human_video' | 'digital_human_audio' | 'music' | 'image' | 'resource';
  model: string;
  body: unknown;
  params: unknown;
  tokens: number;
  callbackUrl: string | undefined;
  runMs: number;
}

function checkCallback(ctx: AppContext, req: CreatingRequest, url: string | undefined): void {
  if (!url) return;
  const problem = callbackUrlProblem(url, ctx.config.apiKeys);
  if (problem) throw badRequest(problem, 'callback_url', 'invalid_callback_url');
  checkCallbackDestination(ctx, req, url);
}

/** An asset field that takes `asset_…` or `Asset://asset_…`, never a URL. */
function assetField(
  value: string,
  need: { param: string; purpose: string; role: string; type: string },
): string {
  const id = assetIdOf(value);
  if (id) return id;
  throw badRequest(
    `${need.param} must be an asset id (asset_…) or an Asset://<asset_id> reference, got "${value.slice(0, 80)}". Register ${need.role} (${need.type === 'image' ? 'an image' : 'an audio file'}) with POST /v1/assets/uploads and purpose=${need.purpose}, then use its asset_id once it is ready.`,
    need.param,
  );
}

function digitalHumanVideo(
  ctx: AppContext,
  req: CreatingRequest,
  body: BodyOf<'digital_human_video'>,
): Prepared {
  checkCallback(ctx, req, body.callback_url);
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

function digitalHumanAudio(
  ctx: AppContext,
  req: CreatingRequest,
  body: BodyOf<'digital_human_audio'>,
): Prepared {
  checkCallback(ctx, req, body.callback_url);
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

function music(ctx: AppContext, req: CreatingRequest, body: BodyOf<'music'>): Prepared {
  checkCallback(ctx, req, body.callback_url);
  const prompt = body.prompt.trim();
  const style = body.style.trim();
  const title = body.title.trim();
  if (body.customMode) {
    // Custom mode (as on the hosted music services): the title and style are used as given, the prompt is the lyrics.
    if (!style)
      throw badRequest(
        'style is required when customMode is true: the genre and mood of the track, e.g. "calm piano".',
        'style',
      );
    if (!title)
      throw badRequest('title is required when customMode is true: the title of the track.', 'title');
  } else if (!prompt) {
    throw badRequest(
      'prompt is required when customMode is false: describe the music (mood, genre, instruments, length). Or set customMode to true and give style and title.',
      'prompt',
    );
  }
  const seed = musicSeed(style, prompt);
  const plan = planMusic(style, prompt, seed);
  const duration = musicLength({ prompt, style, title, customMode: body.customMode }, plan);
  const params: MusicParams = {
    prompt: body.prompt,
    customMode: body.customMode,
    title: title || titleFromPrompt(prompt),
    style: style || styleFromPlan(plan),
    render_style: style,
    duration,
    bpm: plan.bpm,
    key: keyName(plan),
    seed,
  };
  return {
    kind: 'music',
    model: body.model,
    body,
    params,
    tokens: countTokens(`${prompt}\n${style}\n${title}`),
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(8000 + duration * 60),
  };
}

function image(ctx: AppContext, req: CreatingRequest, body: BodyOf<'image'>): Prepared {
  checkCallback(ctx, req, body.callback_url);
  const [width, height] = (body.size ?? '1024x1024').split('x').map(Number) as [number, number];
  const params: ImageParams = { prompt: body.prompt, width, height };
  return {
    kind: 'image',
    model: body.model,
    body,
    params,
    tokens: countTokens(body.prompt),
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(8000),
  };
}

const RESOURCE_SOURCE = {
  param: 'source_url',
  type: 'image',
  purpose: 'digital_human_avatar',
  role: 'the source',
} as const;

/**
 * The source of a resource task: an asset of the key (any purpose; an image or a video, ready) by
 * id or `Asset://`, or a URL checked like every media URL (the URL guard refuses a private
 * destination now, and the fetch goes through it again when the task runs).
 */
function resourceSource(ctx: AppContext, req: CreatingRequest, value: string): string {
  const id = assetIdOf(value);
  if (id) {
    const asset = getAssetForOwner(ctx.db, req.owner, id);
    if (!asset) {
      throw new ApiError(
        400,
        `source_url: asset ${id} was not found. Use an asset_id of this API key (GET /v1/assets lists them), or a public URL.`,
        { code: 'asset_not_found', param: 'source_url' },
      );
    }
    if (asset.type !== 'image' && asset.type !== 'video') {
      throw badRequest(
        `source_url: asset ${id} is of type ${asset.type}; a thumbnail needs an image or a video asset.`,
        'source_url',
        'asset_type_mismatch',
      );
    }
    const notReady = assetNotReady(asset, 'source_url');
    if (notReady) throw notReady;
    return `Asset://${id}`;
  }
  checkMediaUrlField(ctx, req.owner, req.origin, value, RESOURCE_SOURCE);
  return value;
}

function resource(ctx: AppContext, req: CreatingRequest, body: BodyOf<'resource'>): Prepared {
  checkCallback(ctx, req, body.callback_url);
  const sourceUrl = body.source_url.trim();
  const params: ResourceParams = {
    source_url: sourceUrl,
    source: resourceSource(ctx, req, sourceUrl),
    operation: 'thumbnail',
    width: body.width ?? 320,
  };
  return {
    kind: 'resource',
    model: body.model,
    body,
    params,
    tokens: 0,
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(6000),
  };
}

/**
 * Creates a POST /v1/tasks task from a body the contract schema has judged (the route reads it with
 * validJson): the checks that need the database (callback_url's destination, every asset), then the
 * new row, `pending`. Every refusal is a 400 whose `param` names the exact field (decision 065).
 * Returns the task object to show.
 */
export function createGenericTask(ctx: AppContext, req: CreatingRequest, input: CreateTask): TaskObject {
  const prepared =
    input.kind === 'digital_human_video'
      ? digitalHumanVideo(ctx, req, input.body)
      : input.kind === 'digital_human_audio'
        ? digitalHumanAudio(ctx, req, input.body)
        : input.kind === 'image'
          ? image(ctx, req, input.body)
          : input.kind === 'resource'
            ? resource(ctx, req, input.body)
            : music(ctx, req, input.body);
  const now = Date.now();
  const id = newId('task');
  insertTask(ctx.db, {
    id,
    owner: req.owner,
    kind: prepared.kind,
    model: prepared.model,
    status: 'pending',
    progress: 0,
    request: JSON.stringify(prepared.body),
    params: JSON.stringify(prepared.params),
    input_references: '[]',
    has_video_input: 0,
    total_tokens: prepared.tokens,
    callback_url: prepared.callbackUrl ?? null,
    origin: req.origin,
    request_id: req.requestId,
    trace_id: req.traceId,
    run_ms: prepared.runMs,
    next_at: now + ctx.scaled(PENDING_MS),
    created_ms: now,
    updated_ms: now,
  });
  rememberTaskOutcome(ctx, id);
  wakeTaskRunner(ctx);
  return toTaskObject(getTask(ctx.db, id)!, req.origin);
}
