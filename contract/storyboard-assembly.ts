import { z } from 'zod';

/*
 * The body of POST /local/storyboard/assemblies (README, "Local storyboard endpoints"; decisions
 * 311, 370). Not part of the API, so the specification does not define it: this schema is its
 * definition, and the server reads the body with it (validJson), so a refusal names the field.
 * Shots are numbered from 0 as in the assembly's `scaled`.
 */

import { ASSEMBLY_LIMITS, SHOT_AUDIO } from './storyboard-assembly-limits';

export { ASSEMBLY_LIMITS, SHOT_AUDIO, type ShotAudio } from './storyboard-assembly-limits';

const url = z
  .string({ error: 'must be a URL (http or https): a task result or a /files/ URL of this server' })
  .trim()
  .min(1, 'must not be empty: give a task result or a /files/ URL of this server')
  .max(ASSEMBLY_LIMITS.urlChars, `must be at most ${ASSEMBLY_LIMITS.urlChars} characters`);

const shotIndex = z
  .number({ error: 'must be the number of a shot, counted from 0' })
  .int('must be a whole number: a shot counted from 0')
  .min(0, 'must be a shot counted from 0');

const joins = z.array(z.enum(['cut', 'crossfade'], { error: 'must be "cut" or "crossfade"' }), {
  error: 'must be an array of "cut" | "crossfade", one per join',
});

export const AssemblyAudioSchema = z
  .object({
    url,
    volume: z
      .number({ error: `must be a number from 0 to ${ASSEMBLY_LIMITS.maxVolume} (1 = as recorded)` })
      .min(0, `must be from 0 to ${ASSEMBLY_LIMITS.maxVolume} (1 = as recorded)`)
      .max(ASSEMBLY_LIMITS.maxVolume, `must be from 0 to ${ASSEMBLY_LIMITS.maxVolume} (1 = as recorded)`)
      .default(1),
    fade_out_s: z
      .number({ error: `must be seconds from 0 to ${ASSEMBLY_LIMITS.maxFadeOutSec}` })
      .min(0, `must be seconds from 0 to ${ASSEMBLY_LIMITS.maxFadeOutSec}`)
      .max(ASSEMBLY_LIMITS.maxFadeOutSec, `must be seconds from 0 to ${ASSEMBLY_LIMITS.maxFadeOutSec}`)
      .default(0),
    shot_audio: z.enum(SHOT_AUDIO, { error: 'must be "keep", "duck" or "mute"' }).default('duck'),
  })
  .strict();

const narrationLine = z.object({ shot: shotIndex, url }).strict();

const captionLine = z
  .object({
    shot: shotIndex,
    text: z
      .string({ error: 'must be the caption text' })
      .trim()
      .min(1, 'must not be empty; leave that shot out instead')
      .max(ASSEMBLY_LIMITS.captionChars, `must be at most ${ASSEMBLY_LIMITS.captionChars} characters`),
  })
  .strict();

const perShot = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: `must be an array of ${what}` })
    .max(ASSEMBLY_LIMITS.shots, `must have at most one entry per shot (${ASSEMBLY_LIMITS.shots})`);

export const AssemblyRequestSchema = z
  .object({
    shots: z
      .array(z.object({ url }).strict(), { error: 'must be an array of {"url": "<result URL>"}' })
      .min(1, 'must hold at least one shot')
      .max(ASSEMBLY_LIMITS.shots, `must hold at most ${ASSEMBLY_LIMITS.shots} shots`),
    joins: joins.optional(),
    audio: AssemblyAudioSchema.optional(),
    narration: perShot(narrationLine, '{"shot": <number>, "url": "<speech URL>"}').default([]),
    captions: perShot(captionLine, '{"shot": <number>, "text": "<caption>"}').default([]),
    burn_captions: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine((body, ctx) => {
    const count = body.shots.length;
    if (body.joins && body.joins.length > Math.max(0, count - 1))
      ctx.addIssue({
        code: 'custom',
        path: ['joins'],
        message: `joins has ${body.joins.length} entries; ${count} shots have ${count - 1} joins`,
      });
    for (const key of ['narration', 'captions'] as const) {
      const seen = new Set<number>();
      body[key].forEach((line, i) => {
        if (line.shot >= count)
          ctx.addIssue({
            code: 'custom',
            path: [key, i, 'shot'],
            message: `is ${line.shot}, but the shots are numbered 0 to ${count - 1}`,
          });
        else if (seen.has(line.shot))
          ctx.addIssue({
            code: 'custom',
            path: [key, i, 'shot'],
            message: `names shot ${line.shot} twice; give one line per shot`,
          });
        seen.add(line.shot);
      });
    }
  });

export type AssemblyRequest = z.output<typeof AssemblyRequestSchema>;
export type AssemblyRequestInput = z.input<typeof AssemblyRequestSchema>;
export type AssemblyAudio = z.output<typeof AssemblyAudioSchema>;
