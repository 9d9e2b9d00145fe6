import { z } from 'zod';
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
import { ALIAS_PATTERN, REFERENCE_ROLES, extractAliases, mediaInputProblems } from './video-rules';

export * from './video-rules';

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
const ContentEntrySchema = z.discriminatedUnion('type', [TextEntry, ImageEntry, VideoEntry, AudioEntry], {
  error: 'content[].type must be one of text, image_url, video_url, audio_url',
});

const ReferenceSchema = z.object({
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
    for (const p of mediaInputProblems(body)) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
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
