import { DEFAULT_VIDEO_MODEL, VIDEO_DURATION, allowedResolutions, isVideoModel } from '@contract/models';
import {
  collectMediaInputs,
  effectiveGenerateAudio,
  effectiveRatio,
  promptText,
  type ContentEntry,
  type MediaKind,
} from '@contract/video-rules';
import type { CreateVideo } from '@contract/video';
import { isRecord } from '@contract/is-record';

/** The roles the composer offers (specification, references[].role). */
export const COMPOSER_ROLES = ['first_frame', 'reference_image', 'reference_video'] as const;
export type ComposerRole = (typeof COMPOSER_ROLES)[number];

/** What the library told us about a picked asset, kept so the row shows it without a request. */
export interface PickedAsset {
  id: string;
  name?: string;
  type?: string;
  /** The model it was registered for, when the record or this browser knows it. */
  model?: string;
  /** Who says `model`: the asset record, or this browser's memory of registering it. */
  modelSource?: 'record' | 'browser';
  previewUrl?: string;
  /** Where its media can be fetched from, to register it again for another model. */
  sourceUrl?: string;
  /** The group that holds it (a detail query answers only for its group). */
  groupId?: string;
  /** False while it is being prepared (a copy made for this model); absent means ready. */
  ready?: boolean;
}

export interface ReferenceDraft {
  /** Stable identity for React and for pointing a server refusal at this row; never sent. */
  key: string;
  /** A role as typed or loaded; the composer offers COMPOSER_ROLES, a loaded request may hold others. */
  role: string;
  /** `references[].media_type`: the asset's type when picked, else what the role needs. */
  mediaType: MediaKind;
  alias: string;
  /** A public URL, a `/files/...` URL of the server, or `Asset://<asset_id>`. */
  url: string;
  asset?: PickedAsset;
}

/** Every field of the form, as typed (duration stays text so a half-typed number is not lost). */
export interface ComposerDraft {
  model: string;
  prompt: string;
  duration: string;
  ratio: string;
  resolution: string;
  generateAudio: boolean;
  watermark: boolean;
  callbackUrl: string;
  references: ReferenceDraft[];
}

export const DEFAULT_RATIO = '16:9';

export const EMPTY_COMPOSER_DRAFT: ComposerDraft = {
  model: DEFAULT_VIDEO_MODEL,
  prompt: '',
  duration: String(VIDEO_DURATION.default),
  ratio: DEFAULT_RATIO,
  resolution: '720p',
  // Specification: audio is on when generate_audio is omitted; the composer starts the same way.
  generateAudio: true,
  watermark: false,
  callbackUrl: '',
  references: [],
};

let keyCounter = 0;
export function newReferenceKey(): string {
  keyCounter += 1;
  return `ref-${Date.now().toString(36)}-${keyCounter}-${Math.random().toString(36).slice(2, 6)}`;
}

/** The media kind a role needs; an unknown role keeps the kind it had. */
export function kindOfRole(role: string, fallback: MediaKind = 'image'): MediaKind {
  if (role === 'reference_video') return 'video';
  if (role === 'first_frame' || role === 'reference_image') return 'image';
  return fallback;
}

const ALIAS_STEM: Record<string, string> = { reference_image: 'image', reference_video: 'video' };

/**
 * A free alias for a new reference (`image1`, `video2`…), so the person can mention it at once.
 * The first frame gets none: it opens the video and is rarely named in the prompt.
 */
export function suggestAlias(role: string, references: readonly ReferenceDraft[]): string {
  const stem = ALIAS_STEM[role];
  if (!stem) return '';
  const taken = new Set(references.map((r) => r.alias));
  for (let n = 1; ; n += 1) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}

export function newReference(role: ComposerRole, references: readonly ReferenceDraft[]): ReferenceDraft {
  return {
    key: newReferenceKey(),
    role,
    mediaType: kindOfRole(role),
    alias: suggestAlias(role, references),
    url: '',
  };
}

/**
 * Switching model: a resolution the new model does not offer becomes its highest one, and the
 * change is reported so the page can say so.
 */
export function applyModel(
  draft: ComposerDraft,
  model: string,
): { draft: ComposerDraft; resolutionFixed?: { from: string; to: string } } {
  if (!isVideoModel(model)) return { draft: { ...draft, model } };
  const allowed = allowedResolutions(model);
  if ((allowed as readonly string[]).includes(draft.resolution)) return { draft: { ...draft, model } };
  const to = allowed[allowed.length - 1]!;
  return { draft: { ...draft, model, resolution: to }, resolutionFixed: { from: draft.resolution, to } };
}

/** The duration as the API takes it: a number when the text is one, else the text as typed. */
function durationValue(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The request body for POST /v1/videos. Every reference goes into `references[]` (first frame
 * included), in the draft's order, so a refusal's `references[i]` names draft row i.
 */
export function draftToRequest(draft: ComposerDraft): CreateVideo {
  const body: CreateVideo = { model: draft.model };
  if (draft.prompt.trim() !== '') body.prompt = draft.prompt;
  if (draft.references.length > 0) {
    body.references = draft.references.map((r) => ({
      media_type: r.mediaType,
      role: r.role,
      url: r.url.trim(),
      ...(r.alias.trim() ? { alias: r.alias.trim() } : {}),
    }));
  }
  body.duration = durationValue(draft.duration) as number;
  body.ratio = draft.ratio;
  body.resolution = draft.resolution;
  body.generate_audio = draft.generateAudio;
  body.watermark = draft.watermark;
  if (draft.callbackUrl.trim() !== '') body.callback_url = draft.callbackUrl.trim();
  return body;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * A draft from any request body (one the composer sent, or one written by hand with `image_url`,
 * `first_frame_url`, `video_url`, `content[]`…): every media input becomes a reference row.
 * Never throws; what it cannot read falls back to the defaults.
 */
export function requestToDraft(request: unknown): ComposerDraft {
  if (!isRecord(request)) return { ...EMPTY_COMPOSER_DRAFT };
  const r = request;
  const content = Array.isArray(r.content) ? (r.content.filter(isRecord) as ContentEntry[]) : undefined;
  const references = Array.isArray(r.references)
    ? r.references.filter((x): x is Record<string, unknown> => isRecord(x) && typeof x.url === 'string')
    : undefined;
  const body = {
    image_url: str(r.image_url),
    input_reference_role: str(r.input_reference_role),
    video_url: str(r.video_url),
    reference_video_url: str(r.reference_video_url),
    first_frame_url: str(r.first_frame_url),
    references: references?.map((x) => ({
      media_type: str(x.media_type),
      role: str(x.role),
      url: x.url as string,
      alias: str(x.alias),
    })),
    content,
    videos: r.videos,
  };
  let inputs: ReturnType<typeof collectMediaInputs> = [];
  try {
    inputs = collectMediaInputs(body);
  } catch {
    // A malformed content[] entry (e.g. image_url without url) is skipped rather than fatal.
    inputs = [];
  }
  const rows: ReferenceDraft[] = inputs
    .filter((m) => m.kind !== 'audio')
    .map((m) => ({
      key: newReferenceKey(),
      role: m.role || (m.kind === 'video' ? 'reference_video' : 'reference_image'),
      mediaType: m.kind,
      alias: m.alias ?? '',
      url: m.url,
    }));
  const duration = r.duration;
  const generateAudio = effectiveGenerateAudio({
    generate_audio: typeof r.generate_audio === 'boolean' ? r.generate_audio : undefined,
    generateAudio: typeof r.generateAudio === 'boolean' ? r.generateAudio : undefined,
  });
  return {
    model: str(r.model) || EMPTY_COMPOSER_DRAFT.model,
    prompt: promptText({ prompt: str(r.prompt), content }),
    duration:
      typeof duration === 'number' || typeof duration === 'string'
        ? String(duration)
        : EMPTY_COMPOSER_DRAFT.duration,
    ratio: effectiveRatio({ ratio: str(r.ratio), aspect_ratio: str(r.aspect_ratio) }),
    resolution: str(r.resolution) || EMPTY_COMPOSER_DRAFT.resolution,
    generateAudio,
    watermark: r.watermark === true,
    callbackUrl: str(r.callback_url) ?? '',
    references: rows,
  };
}

/**
 * A request body rebuilt from a task object (GET /v1/tasks/{id}), for tasks this dashboard did not
 * record a request for. `input_references` carries alias, role, type and url.
 */
export function taskToRequest(task: unknown): Record<string, unknown> {
  if (!isRecord(task)) return {};
  const out: Record<string, unknown> = {};
  for (const field of [
    'model',
    'prompt',
    'duration',
    'ratio',
    'aspect_ratio',
    'resolution',
    'generate_audio',
    'watermark',
    'callback_url',
  ]) {
    const v = task[field];
    if (v !== undefined && v !== null) out[field] = v;
  }
  if (Array.isArray(task.input_references)) {
    out.references = task.input_references.filter(isRecord).flatMap((ref) => {
      const url = str(ref.url);
      if (!url) return [];
      return [
        {
          media_type: str(ref.type) ?? str(ref.media_type),
          role: str(ref.role),
          url,
          ...(str(ref.alias) ? { alias: str(ref.alias) } : {}),
        },
      ];
    });
  }
  return out;
}
