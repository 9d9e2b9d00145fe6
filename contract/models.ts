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
/** The image-generation capability of the local server (decision 291). */
export const IMAGE_MODELS = ['image-v1'] as const;
/** Resource processing on POST /v1/tasks (decision 292): a thumbnail of an image or video. */
export const RESOURCE_MODELS = ['resource-thumbnail'] as const;

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

/** One side of a ratio: a positive decimal number of at most six digits either side of the point. */
const RATIO_SIDE = String.raw`(\d{1,6}(?:\.\d{1,6})?|\.\d{1,6})`;
const RATIO_PATTERN = new RegExp(`^${RATIO_SIDE}:${RATIO_SIDE}$`);

/**
 * Parses `<w>:<h>` with any positive numbers (`16:9`, `2.39:1`: the specification says only
 * `<w>:<h>`); undefined when the text is not of that form or a side is zero.
 */
export function parseRatio(ratio: string): { w: number; h: number } | undefined {
  const m = RATIO_PATTERN.exec(ratio.trim());
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? { w, h } : undefined;
}

/**
 * The longest and shortest side the local server renders. Any proportion is accepted (the
 * specification says only `<w>:<h>`); an extreme one is rendered within these bounds instead of
 * asking the renderer for a frame ten million pixels wide. 4320 keeps 4:1 at 1080p exact.
 */
const MAX_VIDEO_SIDE = 4320;
const MIN_VIDEO_SIDE = 16;

/**
 * Pixel size of a video for a resolution and ratio: the resolution names the short side
 * (720p at 16:9 is 1280x720, at 9:16 720x1280). Sides are rounded to even numbers, as H.264 needs,
 * and bounded by MAX_VIDEO_SIDE and a 16-pixel minimum.
 */
export function resolutionDimensions(
  resolution: VideoResolution,
  ratio: string,
): { width: number; height: number } {
  const short = Number.parseInt(resolution, 10);
  const r = parseRatio(ratio) ?? { w: 16, h: 9 };
  const even = (n: number) => Math.max(MIN_VIDEO_SIDE, Math.round(n / 2) * 2);
  const long = (short * Math.max(r.w, r.h)) / Math.min(r.w, r.h);
  // Past the longest side the whole frame shrinks, keeping the proportion.
  const scale = Math.min(1, MAX_VIDEO_SIDE / long);
  const [a, b] = [even(long * scale), even(short * scale)];
  return r.w >= r.h
    ? { width: Math.min(a, MAX_VIDEO_SIDE), height: b }
    : { width: b, height: Math.min(a, MAX_VIDEO_SIDE) };
}
