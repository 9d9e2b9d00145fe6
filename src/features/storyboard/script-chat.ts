import { isRecord } from '@contract/is-record';
import { postText, TEXT_PATHS } from '@/api/text';
import { cameraFromWords, CAMERA_MOVES } from './camera';
import { guessedSeconds, type DraftedShot } from './script';
import { MAX_SHOTS } from './storyboard-file';

/**
 * The chat model drafts the shots (chat completions with a JSON schema, as the playground sends
 * it): works against the local server's structured output and any deployment's chat model. The
 * reply is read leniently; the person edits the shots before anything is created.
 */
export const SHOTS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['shots'],
  properties: {
    shots: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SHOTS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['prompt', 'duration', 'camera', 'narration'],
        properties: {
          prompt: { type: 'string', description: 'What the shot shows, for a video model' },
          duration: { type: 'integer', minimum: 4, maximum: 15 },
          camera: { type: 'string', enum: CAMERA_MOVES.filter((m) => m !== 'none') },
          narration: { type: 'string', description: 'The line spoken over the shot, or empty' },
        },
      },
    },
  },
} as const;

const SYSTEM =
  'You turn a scene description into a storyboard of short video shots (4 to 15 seconds each). ' +
  'For each shot give a visual prompt, its duration, a camera move and the line spoken over it (or an empty string). ' +
  'Answer in the language of the scene for narration; write prompts in English.';

export function chatBody(script: string, model = 'service-chat') {
  return {
    model,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: script },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'storyboard', strict: true, schema: SHOTS_SCHEMA },
    },
  };
}

/** The shots in a chat completion's reply; an empty list when it holds none that can be read. */
export function shotsFromReply(reply: unknown): DraftedShot[] {
  const choice = isRecord(reply) && Array.isArray(reply.choices) ? reply.choices[0] : undefined;
  const content = isRecord(choice) && isRecord(choice.message) ? choice.message.content : undefined;
  let data: unknown;
  try {
    data = typeof content === 'string' ? JSON.parse(content) : undefined;
  } catch {
    return [];
  }
  const shots = isRecord(data) && Array.isArray(data.shots) ? data.shots : [];
  return shots
    .filter(isRecord)
    .map((s) => {
      const narration = typeof s.narration === 'string' ? s.narration.trim() : '';
      const d =
        typeof s.duration === 'number' && Number.isFinite(s.duration) ? Math.round(s.duration) : undefined;
      return {
        prompt: typeof s.prompt === 'string' ? s.prompt.trim() : '',
        narration,
        camera: cameraFromWords(s.camera) ?? 'none',
        duration: d !== undefined ? Math.min(15, Math.max(4, d)) : narration ? guessedSeconds(narration) : 5,
      };
    })
    .filter((s) => s.prompt || s.narration)
    .slice(0, MAX_SHOTS);
}

export async function draftShotsWithChat(script: string, signal?: AbortSignal): Promise<DraftedShot[]> {
  return shotsFromReply(await postText(TEXT_PATHS.chat, chatBody(script), signal));
}
