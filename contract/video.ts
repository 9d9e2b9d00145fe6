import { z } from 'zod';
import { parseAssetReference } from './asset';
import { CallbackUrlSchema } from './callback-url';
import {
  MAX_ASPECT_RATIO,
  VIDEO_DURATION,
  VIDEO_MODEL_IDS,
  isRatioAllowed,
  isResolutionAllowed,
  isVideoModel,
  parseRatio,
} from './models';

export const REFERENCE_ROLES = ['first_frame', 'reference_image', 'reference_video'] as const;
export type ReferenceRole = (typeof REFERENCE_ROLES)[number];

export const ALIAS_PATTERN = /^[\p{L}\p{N}_-]{1,32}$/u;
/** `@alias` mentions: not preceded by a letter or digit, so `a@b.com` is not a mention of `b`. */
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_-]{1,32})/gu;

/** Every distinct `@alias` mentioned in a prompt, in order of first mention. */
export function extractAliases(prompt: string | null | undefined): string[] {
  if (!prompt) return [];
  const seen = new Set<string>();
  for (const m of prompt.matchAll(MENTION)) seen.add(m[1]!);
  return [...seen];
}

const urlString = z.string().trim().min(1, 'must be a public URL, a hosted URL or Asset://<asset_id>');

const TextEntry = z.object({ type: z.literal('text'), text: z.string() });
const ImageEntry = z.object({
  type: z.literal('image_url'),
  role: z.string().optional(),
  image_url: z.object({ url: urlString }),
});
const VideoEntry = z.object({
  type: z.literal('video_url'),
  role: z.string().optional(),
  video_url: z.object({ url: urlString }),
});
const AudioEntry = z.object({
  type: z.literal('audio_url'),
  role: z.string().optional(),
  audio_url: z.object({ url: urlString }),
});
export const ContentEntrySchema = z.discriminatedUnion(
  'type',
  [TextEntry, ImageEntry, VideoEntry, AudioEntry],
  { error: 'content[].type must be one of text, image_url, video_url, audio_url' },
);
export type ContentEntry = z.infer<typeof ContentEntrySchema>;

export const ReferenceSchema = z.object({
  media_type: z.enum(['image', 'video', 'audio']).optional(),
  role: z.enum(REFERENCE_ROLES, {
    error: 'role must be one of first_frame, reference_image, reference_video',
  }),
  url: urlString,
  alias: z
    .string()
    .regex(ALIAS_PATTERN, 'alias must be 1-32 letters, digits, _ or -, used in the prompt as @alias')
    .optional(),
});
export type Reference = z.infer<typeof ReferenceSchema>;

const durationField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'duration must be a number of seconds'),
  ])
  .transform((v) => Number(v))
  .refine((n) => Number.isInteger(n), 'duration must be a whole number of seconds')
  .refine(
    (n) => n >= VIDEO_DURATION.min && n <= VIDEO_DURATION.max,
    `duration must be ${VIDEO_DURATION.min} to ${VIDEO_DURATION.max} seconds`,
  );

const ratioField = z
  .string()
  .trim()
  .refine((r) => parseRatio(r) !== undefined, 'ratio must be of the form <w>:<h>, e.g. 16:9')
  .refine(
    (r) => parseRatio(r) === undefined || isRatioAllowed(r),
    `ratio must be between 1:${MAX_ASPECT_RATIO} and ${MAX_ASPECT_RATIO}:1`,
  );

/**
 * `videos[]`: named by billing rule 3 but its item shape is not shown; a URL (or `Asset://`
 * reference) string, or an object with `url`.
 */
const VideosItem = z.union([urlString, z.looseObject({ url: urlString })], {
  error: 'videos[] items must be a URL or Asset://<asset_id>, or an object with url',
});

/** Body of POST /v1/videos, with every rule that needs no database (the server adds asset checks). */
export const CreateVideoSchema = z
  .object({
    model: z.string({ error: `model is required: one of ${VIDEO_MODEL_IDS.join(', ')}` }),
    prompt: z.string().max(5000, 'prompt must be at most 5000 characters').optional(),
    content: z.array(ContentEntrySchema).max(20, 'content may hold at most 20 entries').optional(),
    image_url: urlString.optional(),
    input_reference_role: z.enum(REFERENCE_ROLES).optional(),
    video_url: urlString.optional(),
    reference_video_url: urlString.optional(),
    first_frame_url: urlString.optional(),
    references: z.array(ReferenceSchema).max(20, 'references may hold at most 20 items').optional(),
    videos: z.array(VideosItem).max(20, 'videos may hold at most 20 items').optional(),
    duration: durationField.optional(),
    ratio: ratioField.optional(),
    aspect_ratio: ratioField.optional(),
    resolution: z.string().optional(),
    generate_audio: z.boolean().optional(),
    generateAudio: z.boolean().optional(),
    watermark: z.boolean().optional(),
    callback_url: CallbackUrlSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!isVideoModel(body.model)) {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: `Unknown model "${body.model}": use one of ${VIDEO_MODEL_IDS.join(', ')}`,
      });
    } else if (body.resolution !== undefined && !isResolutionAllowed(body.model, body.resolution)) {
      ctx.addIssue({
        code: 'custom',
        path: ['resolution'],
        message: `${body.model} does not offer resolution "${body.resolution}"`,
      });
    }
    body.content?.forEach((entry, i) => {
      if (entry.type !== 'text' && !entry.role) {
        ctx.addIssue({
          code: 'custom',
          path: ['content', i, 'role'],
          message: `content[${i}] (${entry.type}) needs a role: first_frame or reference_image for images, reference_video for videos`,
        });
      }
    });
    const inputs = collectMediaInputs(body);
    if (inputs.filter((m) => m.role === 'first_frame').length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['references'],
        message: 'Only one first_frame input is allowed',
      });
    }
    const aliases = new Set(body.references?.flatMap((r) => (r.alias ? [r.alias] : [])) ?? []);
    const seen = new Set<string>();
    body.references?.forEach((r, i) => {
      if (r.alias && seen.has(r.alias)) {
        ctx.addIssue({
          code: 'custom',
          path: ['references', i, 'alias'],
          message: `alias "${r.alias}" is used twice`,
        });
      }
      if (r.alias) seen.add(r.alias);
    });
    // Mentions count in the prompt and in every text entry of content[], whichever the request uses.
    const texts = [
      body.prompt ?? '',
      ...(body.content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : [])),
    ];
    for (const alias of extractAliases(texts.join('\n'))) {
      if (!aliases.has(alias)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prompt'],
          message: `The prompt mentions @${alias} but no reference defines alias "${alias}"`,
        });
      }
    }
  });
export type CreateVideo = z.input<typeof CreateVideoSchema>;
export type CreateVideoParsed = z.output<typeof CreateVideoSchema>;

/** The prompt, or the text entries of content[] when there is no prompt. */
export function promptText(body: { prompt?: string; content?: ContentEntry[] }): string {
  if (body.prompt) return body.prompt;
  return (body.content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
}

export type MediaKind = 'image' | 'video' | 'audio';

/** One media input of a video request, wherever in the body it came from. */
export interface MediaInput {
  source: string;
  url: string;
  kind: MediaKind;
  role?: string;
  alias?: string;
  assetId?: string;
}

type VideoBodyLike = {
  image_url?: string;
  input_reference_role?: string;
  video_url?: string;
  reference_video_url?: string;
  first_frame_url?: string;
  references?: { media_type?: string; role?: string; url: string; alias?: string }[];
  content?: ContentEntry[];
  videos?: unknown;
};

function roleKind(role: string | undefined, mediaType: string | undefined): MediaKind {
  if (mediaType === 'video' || mediaType === 'audio' || mediaType === 'image') return mediaType;
  return role === 'reference_video' ? 'video' : 'image';
}

/** All media a request passes explicitly (rule 1: nothing is ever loaded implicitly). */
export function collectMediaInputs(body: VideoBodyLike): MediaInput[] {
  const out: MediaInput[] = [];
  const add = (m: Omit<MediaInput, 'assetId'>) => out.push({ ...m, assetId: parseAssetReference(m.url) });
  if (body.image_url)
    add({
      source: 'image_url',
      url: body.image_url,
      kind: 'image',
      role: body.input_reference_role ?? 'reference_image',
    });
  if (body.first_frame_url)
    add({ source: 'first_frame_url', url: body.first_frame_url, kind: 'image', role: 'first_frame' });
  if (body.video_url)
    add({ source: 'video_url', url: body.video_url, kind: 'video', role: 'reference_video' });
  if (body.reference_video_url)
    add({
      source: 'reference_video_url',
      url: body.reference_video_url,
      kind: 'video',
      role: 'reference_video',
    });
  body.references?.forEach((r, i) =>
    add({
      source: `references[${i}]`,
      url: r.url,
      kind: roleKind(r.role, r.media_type),
      role: r.role,
      alias: r.alias,
    }),
  );
  if (Array.isArray(body.videos)) {
    body.videos.forEach((v, i) => {
      const url = typeof v === 'string' ? v : isRecord(v) && typeof v.url === 'string' ? v.url : undefined;
      if (url) add({ source: `videos[${i}]`, url, kind: 'video', role: 'reference_video' });
    });
  }
  body.content?.forEach((c, i) => {
    if (c.type === 'image_url')
      add({ source: `content[${i}]`, url: c.image_url.url, kind: 'image', role: c.role });
    if (c.type === 'video_url')
      add({ source: `content[${i}]`, url: c.video_url.url, kind: 'video', role: c.role });
    if (c.type === 'audio_url')
      add({ source: `content[${i}]`, url: c.audio_url.url, kind: 'audio', role: c.role });
  });
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Billing rule 3: a request has video input when it has `video_url`, `reference_video_url`,
 * `videos[]`, a `references[]` item with `media_type=video` or `role=reference_video`, or an
 * `Asset://` video reference. `assetTypeOf` tells the type of a referenced asset when known.
 * Image-only input does not count. Never throws on odd input.
 */
export function hasVideoInput(
  request: unknown,
  assetTypeOf?: (assetId: string) => string | undefined,
): boolean {
  if (typeof request !== 'object' || request === null) return false;
  const r = request as Record<string, unknown>;
  const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (present(r.video_url) || present(r.reference_video_url)) return true;
  if (Array.isArray(r.videos) && r.videos.length > 0) return true;
  if (Array.isArray(r.references)) {
    for (const ref of r.references) {
      if (typeof ref !== 'object' || ref === null) continue;
      const x = ref as Record<string, unknown>;
      if (x.media_type === 'video' || x.role === 'reference_video') return true;
    }
  }
  if (Array.isArray(r.content)) {
    for (const c of r.content) {
      if (
        typeof c === 'object' &&
        c !== null &&
        ((c as Record<string, unknown>).type === 'video_url' ||
          (c as Record<string, unknown>).role === 'reference_video')
      )
        return true;
    }
  }
  if (assetTypeOf) {
    for (const url of allUrlStrings(r)) {
      const id = parseAssetReference(url);
      if (id && assetTypeOf(id) === 'video') return true;
    }
  }
  return false;
}

function allUrlStrings(r: Record<string, unknown>): string[] {
  const urls: string[] = [];
  for (const k of ['image_url', 'video_url', 'reference_video_url', 'first_frame_url']) {
    if (typeof r[k] === 'string') urls.push(r[k] as string);
  }
  if (Array.isArray(r.references)) {
    for (const ref of r.references) {
      if (typeof ref === 'object' && ref !== null && typeof (ref as Record<string, unknown>).url === 'string')
        urls.push((ref as Record<string, unknown>).url as string);
    }
  }
  if (Array.isArray(r.content)) {
    for (const c of r.content) {
      if (typeof c !== 'object' || c === null) continue;
      for (const v of Object.values(c as Record<string, unknown>)) {
        if (typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).url === 'string')
          urls.push((v as Record<string, unknown>).url as string);
      }
    }
  }
  return urls;
}

/** `generate_audio` wins over the `generateAudio` alias; audio is on when both are omitted. */
export function effectiveGenerateAudio(body: { generate_audio?: boolean; generateAudio?: boolean }): boolean {
  return body.generate_audio ?? body.generateAudio ?? true;
}

/** `ratio` wins over `aspect_ratio`; 16:9 when both are omitted. */
export function effectiveRatio(body: { ratio?: string; aspect_ratio?: string }): string {
  return body.ratio ?? body.aspect_ratio ?? '16:9';
}
