/*
 * The storyboard assembly's bounds and choices, apart from its zod schema (storyboard-assembly.ts):
 * the dashboard's storyboard reads these values, and importing them from the schema's module ran
 * full zod's schemas in the browser, which kept more of zod's core in the first open's chunk
 * (7 KB; issue 46 §5). The browser imports the schema module for types only.
 */

export const ASSEMBLY_LIMITS = {
  shots: 12,
  urlChars: 4096,
  /** One caption per shot; a subtitle longer than this would cover the picture. */
  captionChars: 300,
  /** Linear gain of the music track (1 = as the file is). */
  maxVolume: 4,
  maxFadeOutSec: 30,
} as const;

export const SHOT_AUDIO = ['keep', 'duck', 'mute'] as const;
export type ShotAudio = (typeof SHOT_AUDIO)[number];
