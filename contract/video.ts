import { z } from 'zod';
import { CallbackUrlSchema } from './callback-url';
import { VIDEO_DURATION, VIDEO_MODEL_IDS, isResolutionAllowed, isVideoModel, parseRatio } from './models';
import { KNOWN_CONTENT_TYPES, mediaInputProblems } from './video-rules';
import { quoted } from './quoted';

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
/**
 * An entry of a type this server does not know: the specification does not show the type names of
 * video and audio entries, so another deployment's names are accepted, kept as sent (every field)
 * and echoed: the task's `content` repeats it and `input_references` lists it as `not_rendered`
 * (decision 367). Bounded like everything else in the body.
 */
const OtherEntry = z
  .looseObject({
    type: z
      .string()
      .min(1, 'content[].type must be a non-empty string, e.g. text or image_url')
      .max(64, 'content[].type must be at most 64 characters'),
  })
  .refine((e) => !(KNOWN_CONTENT_TYPES as readonly string[]).includes(e.type), {
    error: 'content[] entry does not have the fields its type needs',
  });
const ContentEntrySchema = z.union([TextEntry, ImageEntry, VideoEntry, AudioEntry, OtherEntry], {
  error: 'content[] entries must be objects with a string type, e.g. {"type":"text","text":"…"}',
});

const ReferenceSchema = z.object({
  // "Usually image or video": an unknown media type is accepted, and the role tells the kind.
  media_type: z.string().max(64, 'media_type must be at most 64 characters').optional(),
  // first_frame, reference_image, reference_video; an audio (media_type audio) takes any role.
  // Whether the role fits the media is mediaInputProblems' rule, which names the roles.
  role: z
    .string({ error: 'role is required: first_frame, reference_image or reference_video' })
    .min(1, 'role is required: first_frame, reference_image or reference_video')
    .max(64, 'role must be at most 64 characters'),
  url: urlString,
  // "Optional alias", no format: any text (the prompt mentions it as @<alias>).
  alias: z.string().optional(),
});
export type Reference = z.infer<typeof ReferenceSchema>;

/** A decimal number as JSON or a person writes it: `7`, `7.5`, `+7`, `7.`, `.5`, `1e1`. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const durationField = z
  .union([z.number(), z.string().trim().regex(DECIMAL, 'duration must be a number of seconds')])
  .transform((v) => Number(v))
  // Fractions are allowed (specification: "number or string, Seconds, 4 to 15"); the render is that long.
  .refine(
    (n) => n >= VIDEO_DURATION.min && n <= VIDEO_DURATION.max,
    `duration must be ${VIDEO_DURATION.min} to ${VIDEO_DURATION.max} seconds`,
  );

/** Any positive `<w>:<h>` (the render's pixel size is bounded in resolutionDimensions). */
const ratioField = z
  .string()
  .trim()
  .refine(
    (r) => parseRatio(r) !== undefined,
    'ratio must be of the form <w>:<h> with two positive numbers, e.g. 16:9 or 2.39:1',
  );

/**
 * `videos[]`: named by billing rule 3 but its item shape is not shown; a URL (or `Asset://`
 * reference) string, or an object with `url`.
 */
const VideosItem = z.union([urlString, z.looseObject({ url: urlString })], {
  error: 'videos[] items must be a URL or Asset://<asset_id>, or an object with url',
});

/**
 * This server's own bound on the media inputs of one request (the specification sets none): each
 * is fetched through the URL guard before the render starts, so a request naming thousands would
 * hold a render slot for minutes. Listed in the README's "This server's own bounds"; the dashboard
 * never copies it.
 */
export const MAX_MEDIA_LIST = 100;
const listBound = (field: string) => `${field} may hold at most ${MAX_MEDIA_LIST} items on this server`;

/** Body of POST /v1/videos, with every rule that needs no database (the server adds asset checks). */
export const CreateVideoSchema = z
  .object({
    model: z.string({ error: `model is required: one of ${VIDEO_MODEL_IDS.join(', ')}` }),
    // No length limit (the specification sets none); the JSON body limit bounds it.
    prompt: z.string().optional(),
    content: z.array(ContentEntrySchema).max(MAX_MEDIA_LIST, listBound('content')).optional(),
    image_url: urlString.optional(),
    // "e.g. first_frame": open; a role this server does not know makes the image a reference image.
    input_reference_role: z.string().max(64, 'input_reference_role must be at most 64 characters').optional(),
    video_url: urlString.optional(),
    reference_video_url: urlString.optional(),
    first_frame_url: urlString.optional(),
    references: z.array(ReferenceSchema).max(MAX_MEDIA_LIST, listBound('references')).optional(),
    videos: z.array(VideosItem).max(MAX_MEDIA_LIST, listBound('videos')).optional(),
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
        message: `Unknown model ${quoted(body.model)}: use one of ${VIDEO_MODEL_IDS.join(', ')}`,
      });
    } else if (body.resolution !== undefined && !isResolutionAllowed(body.model, body.resolution)) {
      ctx.addIssue({
        code: 'custom',
        path: ['resolution'],
        message: `${body.model} does not offer resolution ${quoted(body.resolution)}`,
      });
    }
    body.content?.forEach((entry, i) => {
      const role = (entry as { role?: unknown }).role;
      // Only the media entries this server reads need a role; another deployment's types may not.
      if (entry.type !== 'text' && (KNOWN_CONTENT_TYPES as readonly string[]).includes(entry.type) && !role) {
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
    const seen = new Set<string>();
    body.references?.forEach((r, i) => {
      if (r.alias && seen.has(r.alias)) {
        ctx.addIssue({
          code: 'custom',
          path: ['references', i, 'alias'],
          message: `alias ${quoted(r.alias)} is used twice`,
        });
      }
      if (r.alias) seen.add(r.alias);
    });
    // An `@word` no reference defines is text (an e-mail, a handle): the specification says only
    // that the prompt "can mention" an alias, so nothing is refused for it.
  });
export type CreateVideo = z.input<typeof CreateVideoSchema>;
export type CreateVideoParsed = z.output<typeof CreateVideoSchema>;
