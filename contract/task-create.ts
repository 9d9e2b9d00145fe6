import { z } from 'zod';
import { DIGITAL_HUMAN_AUDIO_MODELS, DIGITAL_HUMAN_VIDEO_MODELS, MUSIC_MODELS } from './models';
import { CallbackUrlSchema } from './callback-url';

const required = (field: string, what: string) =>
  z
    .string({ error: `${field} is required: ${what}` })
    .trim()
    .min(1, `${field} is required: ${what}`);

/** POST /v1/tasks, digital-human video (specification, Generic and digital-human tasks). */
export const DigitalHumanVideoBodySchema = z.object({
  model: z.enum(DIGITAL_HUMAN_VIDEO_MODELS),
  avatar_asset_id: required('avatar_asset_id', 'an avatar image asset id or Asset:// reference'),
  audio_url: required('audio_url', 'a public URL or Asset:// reference of the speech audio'),
  name: z.string().max(200).optional(),
  callback_url: CallbackUrlSchema.optional(),
});

/** POST /v1/tasks, digital-human audio (LOCAL_API.md: text spoken with a voice asset). */
export const DigitalHumanAudioBodySchema = z.object({
  model: z.enum(DIGITAL_HUMAN_AUDIO_MODELS),
  text: required('text', 'the text to speak').pipe(z.string().max(5000)),
  voice_asset_id: required('voice_asset_id', 'a voice asset id or Asset:// reference'),
  callback_url: CallbackUrlSchema.optional(),
});

/** POST /v1/tasks, music. */
export const MusicBodySchema = z.object({
  model: z.enum(MUSIC_MODELS),
  prompt: z.string().max(3000).default(''),
  style: z.string().max(200).default(''),
  title: z.string().max(200).default(''),
  customMode: z.boolean().default(false),
  callback_url: CallbackUrlSchema.optional(),
});

export type TaskKind = 'digital_human_video' | 'digital_human_audio' | 'music';

/** Which body shape a model selects, or undefined for a model POST /v1/tasks does not know. */
export function taskKindOfModel(model: unknown): TaskKind | undefined {
  if (typeof model !== 'string') return undefined;
  if ((DIGITAL_HUMAN_VIDEO_MODELS as readonly string[]).includes(model)) return 'digital_human_video';
  if ((DIGITAL_HUMAN_AUDIO_MODELS as readonly string[]).includes(model)) return 'digital_human_audio';
  if ((MUSIC_MODELS as readonly string[]).includes(model)) return 'music';
  return undefined;
}
