import { assetPhase, assetReference, parseAssetReference, type AssetPhase } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { DIGITAL_HUMAN_AUDIO_MODELS, DIGITAL_HUMAN_VIDEO_MODELS } from '@contract/models';
import { inferTaskKind } from '@contract/task-kind';
import { callbackIssues, type FormIssue } from '@/lib/form/issues';

/**
 * A digital-human request as its form holds it, builds it and checks it: shared by that form and
 * the digital-human batches (issue 45), so a row a batch accepts is one the form would.
 */

export type DigitalHumanMode = 'video' | 'audio';
export type AudioSource = 'asset' | 'url';
export type FormKind = 'digital_human_video' | 'digital_human_audio' | 'music';

/** Everything the digital-human tab holds; both modes share the group, the authorization and the callback. */
export interface DigitalHumanDraft {
  mode: DigitalHumanMode;
  videoModel: string;
  audioModel: string;
  /** The asset group whose assets the pickers list and new uploads go into. */
  group: string;
  avatarAssetId: string;
  audioSource: AudioSource;
  audioAssetId: string;
  audioUrl: string;
  name: string;
  text: string;
  voiceAssetId: string;
  /** The consent record. The API takes no field for it (decision 066), so it is never sent. */
  authorizationAssetId: string;
  callbackUrl: string;
}

export const EMPTY_DIGITAL_HUMAN_DRAFT: DigitalHumanDraft = {
  mode: 'video',
  videoModel: DIGITAL_HUMAN_VIDEO_MODELS[0],
  audioModel: DIGITAL_HUMAN_AUDIO_MODELS[0],
  group: DEFAULT_GROUP_ID,
  avatarAssetId: '',
  audioSource: 'asset',
  audioAssetId: '',
  audioUrl: '',
  name: '',
  text: '',
  voiceAssetId: '',
  authorizationAssetId: '',
  callbackUrl: '',
};

export interface DigitalHumanVideoBody {
  model: string;
  avatar_asset_id: string;
  audio_url: string;
  name?: string;
  callback_url?: string;
}
export interface DigitalHumanAudioBody {
  model: string;
  text: string;
  voice_asset_id: string;
  callback_url?: string;
}

const withCallback = <T extends object>(body: T, url: string): T & { callback_url?: string } =>
  url.trim() ? { ...body, callback_url: url.trim() } : body;

const ref = (id: string) => (id.trim() ? assetReference(id.trim()) : '');

/** The body of POST /v1/tasks for the chosen mode. Assets go as `Asset://` references. */
export function digitalHumanToBody(draft: DigitalHumanDraft): DigitalHumanVideoBody | DigitalHumanAudioBody {
  if (draft.mode === 'audio') {
    return withCallback(
      { model: draft.audioModel, text: draft.text, voice_asset_id: ref(draft.voiceAssetId) },
      draft.callbackUrl,
    );
  }
  const body: DigitalHumanVideoBody = {
    model: draft.videoModel,
    avatar_asset_id: ref(draft.avatarAssetId),
    audio_url: draft.audioSource === 'url' ? draft.audioUrl.trim() : ref(draft.audioAssetId),
  };
  if (draft.name.trim()) body.name = draft.name.trim();
  return withCallback(body, draft.callbackUrl);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Whether a picked avatar is a public resource id rather than an asset of the key: asset ids have
 * the specification's form `asset_<token>`, public ids any other (a deployment's own, pasted in).
 */
export function isPublicResourceId(value: string): boolean {
  const text = value.trim();
  return text !== '' && !/^(Asset:\/\/)?asset_/.test(text);
}

/** `asset_…` or `Asset://asset_…` → the bare id; anything else unchanged (the check will name it). */
function assetIdOf(value: unknown): string {
  const text = str(value).trim();
  return parseAssetReference(text) ?? text;
}

const FORM_KINDS: readonly string[] = ['digital_human_video', 'digital_human_audio', 'music'];

/**
 * Which form a recorded body belongs to: by its model and fields, as the contract tells a task's
 * kind (a newer model of a known line included). A body only its model could place, of a model no
 * one knows (the specification names models with "e.g."), goes to `fallback`: the task's own kind
 * or the form it is opened from. A body of another kind (a video) is never forced into a form.
 */
export function kindOfBody(body: Record<string, unknown>, fallback?: string): FormKind | undefined {
  const kind = inferTaskKind(body);
  if (FORM_KINDS.includes(kind)) return kind as FormKind;
  if ('avatar_asset_id' in body || 'audio_url' in body) return 'digital_human_video';
  if ('voice_asset_id' in body || 'text' in body) return 'digital_human_audio';
  if ('customMode' in body || 'style' in body) return 'music';
  if (kind !== 'unknown') return undefined;
  return fallback && FORM_KINDS.includes(fallback) ? (fallback as FormKind) : undefined;
}

/**
 * A recorded (or rebuilt) body back into the digital-human draft, for "edit and re-run". What the
 * body does not carry (group, authorization, the other mode's fields) stays as it was in `base`.
 */
export function bodyToDigitalHumanDraft(
  body: Record<string, unknown>,
  base: DigitalHumanDraft,
): DigitalHumanDraft {
  const callbackUrl = str(body.callback_url);
  if (kindOfBody(body) === 'digital_human_audio') {
    return {
      ...base,
      mode: 'audio',
      audioModel: str(body.model) || base.audioModel,
      text: str(body.text),
      voiceAssetId: assetIdOf(body.voice_asset_id),
      callbackUrl,
    };
  }
  const audio = str(body.audio_url).trim();
  const audioAsset = parseAssetReference(audio) ?? (/^asset_[A-Za-z0-9_-]+$/.test(audio) ? audio : undefined);
  return {
    ...base,
    mode: 'video',
    videoModel: str(body.model) || base.videoModel,
    avatarAssetId: assetIdOf(body.avatar_asset_id),
    audioSource: audioAsset || !audio ? 'asset' : 'url',
    audioAssetId: audioAsset ?? '',
    audioUrl: audioAsset ? '' : audio,
    name: str(body.name),
    callbackUrl,
  };
}

export type DigitalHumanField =
  'model' | 'avatar' | 'audio' | 'name' | 'text' | 'voice' | 'authorization' | 'callbackUrl';

/*
 * No length is checked here: the specification bounds none of these fields, and the local server's
 * own bounds (README, "This server's own bounds") are that server's to tell, not the page's to copy
 * onto another deployment (decision 367, issue 44). Models are free text for the same reason: the
 * specification names them with "e.g.".
 */

function modelIssue<F extends string>(field: F, model: string): FormIssue<F>[] {
  return model.trim() ? [] : [{ field, code: 'modelRequired' }];
}

/** What the page knows about an asset the draft names (from its detail query); undefined = not loaded yet. */
export type AssetLookup = (id: string) => Parameters<typeof assetPhase>[0] | undefined;

/** A picked asset must be ready (the five conditions) before the server takes it. */
function assetIssue(
  field: DigitalHumanField,
  id: string,
  lookup: AssetLookup | undefined,
): FormIssue<DigitalHumanField>[] {
  const asset = lookup?.(id);
  if (!asset) return [];
  const phase: AssetPhase = assetPhase(asset);
  if (phase === 'ready') return [];
  return [{ field, code: `asset_${phase}`, values: { id } }];
}

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the digital-human draft the way the server will (decision 065), plus the consent
 * record the dashboard asks for (decision 066), so most refusals never need a round trip.
 */
export function validateDigitalHuman(
  draft: DigitalHumanDraft,
  context: { secrets?: readonly string[]; lookup?: AssetLookup } = {},
): FormIssue<DigitalHumanField>[] {
  const issues: FormIssue<DigitalHumanField>[] = [];
  const { lookup } = context;
  if (draft.mode === 'video') {
    issues.push(...modelIssue('model' as const, draft.videoModel));
    if (!draft.avatarAssetId.trim()) issues.push({ field: 'avatar', code: 'avatarRequired' });
    else issues.push(...assetIssue('avatar', draft.avatarAssetId.trim(), lookup));
    if (draft.audioSource === 'url') {
      const url = draft.audioUrl.trim();
      if (!url) issues.push({ field: 'audio', code: 'audioUrlRequired' });
      else if (!isHttpUrl(url)) issues.push({ field: 'audio', code: 'audioUrlInvalid' });
    } else if (!draft.audioAssetId.trim()) {
      issues.push({ field: 'audio', code: 'audioRequired' });
    } else {
      issues.push(...assetIssue('audio', draft.audioAssetId.trim(), lookup));
    }
  } else {
    issues.push(...modelIssue('model' as const, draft.audioModel));
    if (!draft.text.trim()) issues.push({ field: 'text', code: 'textRequired' });
    if (!draft.voiceAssetId.trim()) issues.push({ field: 'voice', code: 'voiceRequired' });
    else issues.push(...assetIssue('voice', draft.voiceAssetId.trim(), lookup));
  }
  if (!draft.authorizationAssetId.trim()) {
    issues.push({ field: 'authorization', code: 'authorizationRequired' });
  } else {
    issues.push(...assetIssue('authorization', draft.authorizationAssetId.trim(), lookup));
  }
  issues.push(...callbackIssues('callbackUrl' as const, draft.callbackUrl, context.secrets ?? []));
  return issues;
}
