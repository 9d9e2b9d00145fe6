import { z } from 'zod';
import {
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  IMAGE_MODELS,
  isVideoModel,
  MUSIC_MODELS,
  RESOURCE_MODELS,
} from './models';
import { isRecord } from './is-record';
import { CallbackUrlSchema } from './callback-url';
import { NAME_MAX } from './text-bounds';
import { quoted } from './quoted';

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

const KNOWN_MODELS = [
  ...DIGITAL_HUMAN_VIDEO_MODELS.map((m) => `${m} (digital-human video)`),
  ...DIGITAL_HUMAN_AUDIO_MODELS.map((m) => `${m} (digital-human audio)`),
  ...MUSIC_MODELS.map((m) => `${m} (music)`),
  ...IMAGE_MODELS.map((m) => `${m} (image)`),
  ...RESOURCE_MODELS.map((m) => `${m} (resource thumbnail)`),
].join(', ');

const BODY_SCHEMAS = {
  digital_human_video: DigitalHumanVideoBodySchema,
  digital_human_audio: DigitalHumanAudioBodySchema,
  music: MusicBodySchema,
  image: ImageBodySchema,
  resource: ResourceBodySchema,
} as const;

/** A POST /v1/tasks body judged by the schema of the kind it asks for. */
export type CreateTask = {
  [K in TaskKind]: { kind: K; body: z.output<(typeof BODY_SCHEMAS)[K]> };
}[TaskKind];

/** Why a body names no kind POST /v1/tasks makes, with the code clients tell apart. */
function modelProblem(
  model: unknown,
  raw: Record<string, unknown>,
): { message: string; code: string } | undefined {
  if (model === undefined || model === null || model === '')
    return { message: `model is required: one of ${KNOWN_MODELS}.`, code: 'missing_model' };
  if (typeof model !== 'string')
    return { message: `model must be a string: one of ${KNOWN_MODELS}.`, code: 'invalid_parameter' };
  if (isVideoModel(model.trim()))
    return {
      message: `model ${model} is a video model: create video tasks with POST /v1/videos. POST /v1/tasks takes ${KNOWN_MODELS}.`,
      code: 'unknown_model',
    };
  if (!taskKindOfModel(model) && !taskKindOfBody(raw))
    return {
      message:
        `Unknown model ${quoted(model)} and no fields that say what to make: use one of ${KNOWN_MODELS}, ` +
        'or send the fields of one kind (avatar_asset_id and audio_url for a digital-human video, text and voice_asset_id for digital-human audio, prompt, style and title for music, source_url for a resource thumbnail).',
      code: 'unknown_model',
    };
  return undefined;
}

/**
 * The body of POST /v1/tasks (decision 065): the model picks the body shape from the model table;
 * a model the table does not know is taken for what its fields ask (decision 290). Then that
 * kind's schema judges it. The output says which kind it is.
 */
export const CreateTaskSchema = z.unknown().transform((raw, ctx): CreateTask => {
  if (!isRecord(raw)) {
    ctx.issues.push({ code: 'invalid_type', expected: 'object', input: raw, message: 'Expected an object' });
    return z.NEVER;
  }
  const problem = modelProblem(raw.model, raw);
  if (problem) {
    ctx.issues.push({
      code: 'custom',
      path: ['model'],
      message: problem.message,
      params: { code: problem.code },
      input: raw.model,
    });
    return z.NEVER;
  }
  const kind = taskKindOfModel(raw.model) ?? taskKindOfBody(raw) ?? 'music';
  const judged = BODY_SCHEMAS[kind].safeParse(raw);
  if (!judged.success) {
    for (const issue of judged.error.issues) ctx.issues.push({ ...issue, input: raw } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  return { kind, body: judged.data } as CreateTask;
});
