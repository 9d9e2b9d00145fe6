import { z } from 'zod';
import {
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  IMAGE_MODELS,
  MUSIC_MODELS,
  RESOURCE_MODELS,
} from './models';
import { isRecord } from './is-record';
import { CallbackUrlSchema } from './callback-url';
import { NAME_MAX } from './text-bounds';

/**
 * The model of a POST /v1/tasks body: any model name ("e.g." in the specification); the kind comes
 * from the model table, or from the body's fields for a model this server does not know.
 */
const modelName = z.string().trim().min(1).max(64, 'model must be at most 64 characters');

const required = (field: string, what: string) =>
  z
    .string({ error: `${field} is required: ${what}` })
    .trim()
    .min(1, `${field} is required: ${what}`);

/** POST /v1/tasks, digital-human video (specification, Generic and digital-human tasks). */
export const DigitalHumanVideoBodySchema = z.object({
  model: modelName,
  avatar_asset_id: required(
    'avatar_asset_id',
    'an avatar image asset id, Asset:// reference or public avatar id (GET /v1/public-resources)',
  ),
  audio_url: required('audio_url', 'a public URL or Asset:// reference of the speech audio'),
  // Drawn as the caption; the bound is this server's own (README), generous on purpose (issue 44).
  name: z.string().max(NAME_MAX).optional(),
  callback_url: CallbackUrlSchema.optional(),
});

/** POST /v1/tasks, digital-human audio (LOCAL_API.md: text spoken with a voice asset). */
export const DigitalHumanAudioBodySchema = z.object({
  model: modelName,
  text: required('text', 'the text to speak').pipe(z.string().max(5000)),
  voice_asset_id: required('voice_asset_id', 'a voice asset id or Asset:// reference'),
  callback_url: CallbackUrlSchema.optional(),
});

/** POST /v1/tasks, music. */
export const MusicBodySchema = z.object({
  model: modelName,
  // No bound of its own: the 1 MiB JSON body limit bounds it, as every video prompt (decision 367).
  prompt: z.string().default(''),
  style: z.string().max(200).default(''),
  title: z.string().max(200).default(''),
  customMode: z.boolean().default(false),
  callback_url: CallbackUrlSchema.optional(),
});

/** POST /v1/tasks, image generation (decision 291): a prompt and an optional `<w>x<h>` size. */
export const ImageBodySchema = z.object({
  model: modelName,
  prompt: required('prompt', 'what the image shows').pipe(z.string().max(2000)),
  size: z
    .string()
    .regex(/^\d{2,4}x\d{2,4}$/, 'size must be <width>x<height> in pixels, e.g. 1024x1024')
    .refine(
      (s) => s.split('x').every((n) => Number(n) >= 64 && Number(n) <= 2048),
      'size must be 64 to 2048 pixels a side',
    )
    .optional(),
  callback_url: CallbackUrlSchema.optional(),
});

/**
 * POST /v1/tasks, resource processing (decision 292): a PNG thumbnail of an image or video given as
 * an asset id, an `Asset://` reference or a URL ("an Asset:// reference may be used as a resource
 * reference in place of a plain URL").
 */
export const ResourceBodySchema = z.object({
  model: modelName,
  source_url: required(
    'source_url',
    'the image or video to process: a URL, an asset id or Asset://<asset_id>',
  ).pipe(z.string().max(2048, 'source_url must be at most 2048 characters')),
  width: z
    .number({ error: 'width must be a number of pixels, 16 to 1920' })
    .int('width must be a whole number of pixels')
    .min(16, 'width must be at least 16 pixels')
    .max(1920, 'width must be at most 1920 pixels')
    .optional(),
  callback_url: CallbackUrlSchema.optional(),
});

export type TaskKind = 'digital_human_video' | 'digital_human_audio' | 'music' | 'image' | 'resource';

/** Which body shape a model selects, or undefined for a model POST /v1/tasks does not know. */
export function taskKindOfModel(model: unknown): TaskKind | undefined {
  if (typeof model !== 'string') return undefined;
  if ((DIGITAL_HUMAN_VIDEO_MODELS as readonly string[]).includes(model)) return 'digital_human_video';
  if ((DIGITAL_HUMAN_AUDIO_MODELS as readonly string[]).includes(model)) return 'digital_human_audio';
  if ((MUSIC_MODELS as readonly string[]).includes(model)) return 'music';
  if ((IMAGE_MODELS as readonly string[]).includes(model)) return 'image';
  if ((RESOURCE_MODELS as readonly string[]).includes(model)) return 'resource';
  return undefined;
}

/**
 * The kind a body's own fields select, for a model the table does not know (a deployment's newer
 * or other model): the fields the specification lists per kind. Undefined when they do not tell.
 */
export function taskKindOfBody(body: unknown): TaskKind | undefined {
  if (!isRecord(body)) return undefined;
  if (body.avatar_asset_id !== undefined) return 'digital_human_video';
  if (body.voice_asset_id !== undefined) return 'digital_human_audio';
  if (body.source_url !== undefined) return 'resource';
  if (body.prompt !== undefined || body.style !== undefined || body.customMode !== undefined) return 'music';
  return undefined;
}
