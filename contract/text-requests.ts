import { z } from 'zod';
import { isRecord } from './is-record';
import { TEXT_MODELS } from './models';
import { listOf, modelField, requiredField, says } from './text-schema-kit';
import { quoted } from './quoted';

/*
 * The scalar parameters of the text endpoints (Chat Completions, Responses, Messages, embeddings,
 * speech), checked by one schema per endpoint as the other endpoints are. Each message names the
 * field and the allowed range, as a 400 must. The conversation and tool fields of the three chat
 * formats have their own files (chat-completions-request.ts, responses-request.ts,
 * messages-request.ts), whose request schemas take these fields in. `null` counts as absent, as
 * the official clients send it.
 */

const number = (key: string, min: number, max: number) => {
  const message = `${key} must be a number from ${min} to ${max}.`;
  return z.number({ error: message }).min(min, message).max(max, message).nullish();
};

const wholeNumber = (key: string, min: number, max: number) => {
  const message = `${key} must be a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const integer = (key: string, min: number, max: number) => wholeNumber(key, min, max).nullish();

const flag = (key: string) => z.boolean({ error: `${key} must be true or false.` }).nullish();

const string = (key: string, max: number) =>
  z.string({ error: `${key} must be a string.` }).max(max, `${key} must be at most ${max} characters.`);

const text = (key: string, max = 1_000_000) => string(key, max).nullish();

/** `stop` / `stop_sequences`: up to `max` non-empty strings, or (Chat Completions) one string. */
const stops = (key: string, max: number, allowString: boolean) => {
  const shape = allowString
    ? `a string or an array of up to ${max} strings`
    : `an array of up to ${max} strings`;
  const list = z
    .array(z.unknown(), { error: `${key} must be ${shape}.` })
    .max(max, `${key} must be ${shape}.`)
    .superRefine((items, ctx) => {
      items.forEach((s, i) => {
        if (typeof s !== 'string' || s === '') {
          ctx.addIssue({ code: 'custom', message: `${key}[${i}] must be a non-empty string.`, path: [i] });
        }
      });
    })
    .transform((items) => items as string[]);
  // One string is the one-element list (Chat Completions allows both).
  return (
    allowString ? z.preprocess((v) => (typeof v === 'string' ? (v ? [v] : []) : v), list) : list
  ).nullish();
};

export const MAX_TEXT_TOKENS = 1_000_000;

/** POST /v1/chat/completions. */
export const ChatCompletionParamsSchema = z.looseObject({
  max_completion_tokens: integer('max_completion_tokens', 1, MAX_TEXT_TOKENS),
  max_tokens: integer('max_tokens', 1, MAX_TEXT_TOKENS),
  stream: flag('stream'),
  stream_options: z
    .looseObject(
      { include_usage: flag('stream_options.include_usage') },
      { error: 'stream_options must be an object.' },
    )
    .nullish(),
  temperature: number('temperature', 0, 2),
  top_p: number('top_p', 0, 1),
  presence_penalty: number('presence_penalty', -2, 2),
  frequency_penalty: number('frequency_penalty', -2, 2),
  stop: stops('stop', 4, true),
  n: integer('n', 1, 8),
});

/** POST /v1/responses (and the fields /v1/responses/compact shares). */
export const ResponsesParamsSchema = z.looseObject({
  instructions: text('instructions'),
  previous_response_id: text('previous_response_id', 200),
  max_output_tokens: integer('max_output_tokens', 1, MAX_TEXT_TOKENS),
  temperature: number('temperature', 0, 2),
  top_p: number('top_p', 0, 1),
  stream: flag('stream'),
  store: flag('store'),
  metadata: z
    .record(z.string(), z.unknown(), { error: 'metadata must be an object of string values.' })
    .nullish(),
});

/** POST /v1/messages: `max_tokens` is required there, as in the hosted API. */
export const MessagesParamsSchema = z.looseObject({
  max_tokens: requiredField(
    wholeNumber('max_tokens', 1, MAX_TEXT_TOKENS),
    'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
  ),
  temperature: number('temperature', 0, 1),
  top_p: number('top_p', 0, 1),
  top_k: integer('top_k', 0, MAX_TEXT_TOKENS),
  stream: flag('stream'),
  stop_sequences: stops('stop_sequences', 256, false),
});

/** The hosted API's limits on embedding input: texts per request, characters per text. */
const MAX_EMBEDDING_INPUTS = 2048;
const MAX_EMBEDDING_CHARS = 32_000;

const isTokens = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length > 0 && v.every((n) => Number.isInteger(n) && n >= 0);

/** A token list is embedded as its ids' text. */
const tokensAsText = (v: unknown) => (isTokens(v) ? v.join(' ') : v);

const EMPTY_TEXT = 'must not be empty: send text to embed.';
const LONG_TEXT = `is longer than ${MAX_EMBEDDING_CHARS} characters: split it.`;

const TextToEmbed = z
  .string({ error: says('must be a string.') })
  .refine((s) => s.trim() !== '', { error: says(EMPTY_TEXT) })
  .refine((s) => s.length <= MAX_EMBEDDING_CHARS, { error: says(LONG_TEXT) });

/**
 * `input`: a string, strings, a token list or token lists, read as a list of texts. One string is
 * checked where it stands (the field is `input`, not `input[0]`) before it becomes the list.
 */
const EmbeddingInputSchema = z.preprocess(
  (v, ctx) => {
    if (isTokens(v)) return [tokensAsText(v)];
    if (typeof v !== 'string') return v;
    if (v.trim() === '') ctx.addIssue({ code: 'custom', message: `input ${EMPTY_TEXT}`, input: v });
    else if (v.length > MAX_EMBEDDING_CHARS) {
      ctx.addIssue({ code: 'custom', message: `input ${LONG_TEXT}`, input: v });
    }
    return [v];
  },
  z
    .array(z.preprocess(tokensAsText, TextToEmbed), {
      error: 'input must be a string or an array of strings.',
    })
    .min(1, 'input must not be an empty array: send at least one text.')
    .max(MAX_EMBEDDING_INPUTS, `input may hold at most ${MAX_EMBEDDING_INPUTS} texts per request.`),
);

/** The parameters of POST /v1/embeddings; the request (EmbeddingsRequestSchema) requires `input`. */
export const MAX_EMBEDDING_DIMENSIONS = 3072;
export const EmbeddingsParamsSchema = z.looseObject({
  input: EmbeddingInputSchema.nullish(),
  dimensions: integer('dimensions', 1, MAX_EMBEDDING_DIMENSIONS),
  encoding_format: z
    .enum(['float', 'base64'], { error: 'encoding_format must be "float" or "base64".' })
    .nullish(),
});

/** POST /v1/embeddings: the model first, then `input`, which is required. */
export const EmbeddingsRequestSchema = z.looseObject({
  model: modelField(TEXT_MODELS.embeddings, 'POST /v1/embeddings'),
  ...EmbeddingsParamsSchema.shape,
  input: requiredField(EmbeddingInputSchema, 'input is required: a string or an array of strings.'),
});
export type EmbeddingsRequest = z.output<typeof EmbeddingsRequestSchema>;

/** The hosted API's voices and output formats of POST /v1/audio/speech. */
export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'cedar',
  'coral',
  'echo',
  'fable',
  'marin',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];
export const TRANSCRIPTION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;
export type TranscriptionFormat = (typeof TRANSCRIPTION_FORMATS)[number];

/** One of a list; an empty string, like absence, leaves the route's default. */
const choice = <T extends readonly [string, ...string[]]>(key: string, values: T) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(values, { error: `${key} must be one of ${listOf(values)}.` }).nullish(),
  );

/**
 * The parameters of POST /v1/audio/speech; the request (SpeechRequestSchema) requires `input` and
 * `voice`. A voice may come as `{"id"}`, as newer clients send it.
 */
export const MAX_SPEECH_CHARS = 4096;
export const SPEECH_SPEED = { min: 0.25, max: 4, default: 1 } as const;
const voiceId = (v: unknown) => (isRecord(v) && 'id' in v ? v.id : v);
export const SpeechParamsSchema = z.looseObject({
  input: text('input', MAX_SPEECH_CHARS),
  voice: z.preprocess(voiceId, choice('voice', SPEECH_VOICES)),
  response_format: choice('response_format', SPEECH_FORMATS),
  speed: number('speed', SPEECH_SPEED.min, SPEECH_SPEED.max),
  instructions: text('instructions', 4096),
  stream_format: z
    .literal('audio', {
      error: (iss) =>
        `stream_format ${quoted(iss.input)} is not supported for tts-1 and tts-1-hd: ` +
        'leave it out or set "audio".',
    })
    .optional(),
});

/** POST /v1/audio/transcriptions and /translations: the form fields (all text in multipart). */
export const TranscriptionParamsSchema = z.looseObject({
  response_format: choice('response_format', TRANSCRIPTION_FORMATS),
  temperature: z.preprocess((v) => (v === undefined ? v : Number(v)), number('temperature', 0, 1)),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'language must be an ISO-639-1 code such as "en" or "zh".')
    .optional(),
});

const { input: _input, voice: _voice, ...speechOptions } = SpeechParamsSchema.shape;

/** POST /v1/audio/speech: the model, then the voice and the text to speak, both required. */
export const SpeechRequestSchema = z.looseObject({
  model: modelField(TEXT_MODELS.speech, 'POST /v1/audio/speech'),
  voice: requiredField(
    z.preprocess(voiceId, choice('voice', SPEECH_VOICES)),
    `voice is required: one of ${SPEECH_VOICES.join(', ')}.`,
  ),
  // A blank text is as missing as none; the code stays invalid_parameter, as it always was.
  input: requiredField(
    string('input', MAX_SPEECH_CHARS),
    `input is required: the text to speak (up to ${MAX_SPEECH_CHARS} characters).`,
    { code: 'invalid_parameter', blank: true },
  ),
  ...speechOptions,
});
export type SpeechRequest = z.output<typeof SpeechRequestSchema>;
