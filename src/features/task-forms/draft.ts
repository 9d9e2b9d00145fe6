import { assetReference, parseAssetReference } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { DIGITAL_HUMAN_AUDIO_MODELS, DIGITAL_HUMAN_VIDEO_MODELS } from '@contract/models';
import { isRecord } from '@contract/is-record';
import { inferTaskKind } from '@contract/task-kind';

export type DigitalHumanMode = 'video' | 'audio';
export type AudioSource = 'asset' | 'url';
export type FormKind = 'digital_human_video' | 'digital_human_audio' | 'music';

// The music request moved down to src/lib, shared with the batches of music tracks.
export {
  bodyToMusicDraft,
  EMPTY_MUSIC_DRAFT,
  musicToBody,
  type MusicBody,
  type MusicDraft,
} from '@/lib/music-draft';
import type { MusicBody } from '@/lib/music-draft';

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
export type CreateTaskBody = DigitalHumanVideoBody | DigitalHumanAudioBody | MusicBody;

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

/**
 * A body rebuilt from the task object (GET /v1/tasks/{id}) when this dashboard did not record the
 * one it sent. Music's title and style in `metadata` are the ones the task used (possibly derived).
 */
export function taskToBody(task: Record<string, unknown>): Record<string, unknown> {
  const metadata = isRecord(task.metadata) ? task.metadata : {};
  const out: Record<string, unknown> = { model: task.model };
  for (const key of ['avatar_asset_id', 'audio_url', 'name', 'text', 'voice_asset_id', 'prompt'] as const) {
    if (typeof task[key] === 'string') out[key] = task[key];
  }
  if (inferTaskKind(task) === 'music') {
    const custom = task.customMode === true || task.custom_mode === true;
    out.customMode = custom;
    // Without custom mode the task object's title and style may be ones the server derived; sending
    // them back would pin what the person left open.
    out.style = custom ? str(task.style) || str(metadata.style) : '';
    out.title = custom ? str(task.title) || str(metadata.title) : '';
  }
  if (typeof task.callback_url === 'string' && task.callback_url) out.callback_url = task.callback_url;
  return out;
}

/** The path of a form: the digital-human tab serves both digital-human kinds. */
export function formPathOf(kind: FormKind): string {
  return kind === 'music' ? '/create/music' : '/create/digital-human';
}
