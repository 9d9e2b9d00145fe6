/**
 * The model table of the specification (Limits). One place for every model name the
 * dashboard offers and every limit the server enforces.
 */

export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
/** The resolution the local server renders when a request names none. */
export const DEFAULT_VIDEO_RESOLUTION: VideoResolution = '720p';

const VIDEO_MODELS = {
  'video-2.0-cl': { resolutions: ['480p', '720p', '1080p'] },
  'video-2.0-cl-fast': { resolutions: ['480p', '720p'] },
  'video-2.0-cl-mini': { resolutions: ['480p', '720p'] },
} as const satisfies Record<string, { resolutions: readonly VideoResolution[] }>;

export type VideoModelId = keyof typeof VIDEO_MODELS;
export const VIDEO_MODEL_IDS = Object.keys(VIDEO_MODELS) as VideoModelId[];
export const DEFAULT_VIDEO_MODEL: VideoModelId = 'video-2.0-cl';

/** Seconds, inclusive, for all three video models. */
export const VIDEO_DURATION = { min: 4, max: 15, default: 5 } as const;

export const DIGITAL_HUMAN_VIDEO_MODELS = ['digital-human-video-v8'] as const;
export const DIGITAL_HUMAN_AUDIO_MODELS = ['digital-human-audio-v8'] as const;
export const MUSIC_MODELS = ['music-v5.5'] as const;

/**
 * Models an asset may be prepared for: the video line, and the digital-human and music models whose
 * tasks take assets. The local server accepts only these; the register form's schema accepts any
 * model name, since a real deployment may know more (decision 080).
 */
export const ASSET_MODELS: readonly string[] = [
  ...VIDEO_MODEL_IDS,
  ...DIGITAL_HUMAN_VIDEO_MODELS,
  ...DIGITAL_HUMAN_AUDIO_MODELS,
  ...MUSIC_MODELS,
];

export function isAssetModel(model: unknown): model is string {
  return typeof model === 'string' && ASSET_MODELS.includes(model);
}

export const TEXT_MODELS = {
  chat: ['service-chat'],
  messages: ['service-messages'],
  embeddings: ['service-embedding'],
  speech: ['tts-1', 'tts-1-hd'],
  transcription: ['transcribe-1'],
} as const;

export function isVideoModel(model: unknown): model is VideoModelId {
  return typeof model === 'string' && Object.hasOwn(VIDEO_MODELS, model);
}

export function allowedResolutions(model: VideoModelId): readonly VideoResolution[] {
  return VIDEO_MODELS[model].resolutions;
}

export function isResolutionAllowed(model: VideoModelId, resolution: string): boolean {
  return (allowedResolutions(model) as readonly string[]).includes(resolution);
}

const RATIO_PATTERN = /^([1-9]\d{0,3}):([1-9]\d{0,3})$/;

/** Parses `<w>:<h>` (e.g. `16:9`); undefined when the text is not of that form. */
export function parseRatio(ratio: string): { w: number; h: number } | undefined {
  const m = RATIO_PATTERN.exec(ratio.trim());
  if (!m) return undefined;
  return { w: Number(m[1]), h: Number(m[2]) };
}

/**
 * The widest and tallest aspect ratio a video may have (4:1 to 1:4). The specification only says
 * `<w>:<h>`; without a bound `9999:1` at 1080p would ask the renderer for a frame ten million
 * pixels wide.
 */
export const MAX_ASPECT_RATIO = 4;

/** Whether a ratio of the form `<w>:<h>` is within 1:MAX_ASPECT_RATIO and MAX_ASPECT_RATIO:1. */
export function isRatioAllowed(ratio: string): boolean {
  const r = parseRatio(ratio);
  if (!r) return false;
  return Math.max(r.w, r.h) <= MAX_ASPECT_RATIO * Math.min(r.w, r.h);
}

/**
 * Pixel size of a video for a resolution and ratio: the resolution names the short side
 * (720p at 16:9 is 1280x720, at 9:16 720x1280). Sides are rounded to even numbers, as H.264 needs.
 */
export function resolutionDimensions(
  resolution: VideoResolution,
  ratio: string,
): { width: number; height: number } {
  const short = Number.parseInt(resolution, 10);
  const r = parseRatio(ratio) ?? { w: 16, h: 9 };
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  if (r.w >= r.h) return { width: even((short * r.w) / r.h), height: even(short) };
  return { width: even(short), height: even((short * r.h) / r.w) };
}
