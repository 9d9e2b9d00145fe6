import type { ShotAudio } from '@contract/storyboard-assembly';

/** The shots' own audio under music or narration when `shot_audio` is "duck": -12 dB. */
export const DUCK_GAIN = 0.25;

export interface SoundInputs {
  /** The ffmpeg input index of the music track (opened with `-stream_loop -1`), with its settings. */
  music?: { input: number; volume: number; fadeOut: number };
  /** What becomes of the shots' own audio (kept as is when nothing is laid over it). */
  shotAudio: ShotAudio;
  /** Speech files: input index and where it begins in the cut, in seconds. */
  narration: ReadonlyArray<{ input: number; start: number }>;
}

const STEREO = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';

/**
 * Filter graph parts that lay music and narration over the shots' audio (`[base]`), ending in
 * `[mix]`: one stereo 48 kHz track of exactly `duration` seconds. Every layer is padded with
 * silence and cut to the cut's length, so the mix neither ends early nor runs on past the picture;
 * the music (looped by its input option) gets its volume and fade-out, each narration its delay.
 * amix divides by the number of inputs, in the bundled 2018 build and in current ones alike, so
 * the sum is raised by as much again: every layer keeps the level it was given.
 */
export function soundGraph(base: string, duration: number, sound: SoundInputs): string[] {
  const d = Number(duration.toFixed(3));
  const fit = `apad,atrim=duration=${d},asetpts=PTS-STARTPTS`;
  const parts: string[] = [];
  const layers: string[] = [];
  const overlaid = Boolean(sound.music) || sound.narration.length > 0;
  if (sound.shotAudio !== 'mute') {
    const gain = overlaid && sound.shotAudio === 'duck' ? `,volume=${DUCK_GAIN}` : '';
    parts.push(`[${base}]${STEREO},${fit}${gain}[sb]`);
    layers.push('[sb]');
  }
  if (sound.music) {
    const { input, volume, fadeOut } = sound.music;
    const fade = Math.min(fadeOut, d);
    const tail = fade > 0 ? `,afade=t=out:st=${Number((d - fade).toFixed(3))}:d=${fade}` : '';
    parts.push(`[${input}:a:0]${STEREO},${fit},volume=${volume}${tail}[sm]`);
    layers.push('[sm]');
  }
  sound.narration.forEach(({ input, start }, i) => {
    const ms = Math.round(start * 1000);
    // adelay of the 2018 build takes one delay per channel (no `all=1`).
    const delay = ms > 0 ? `,adelay=${ms}|${ms}` : '';
    parts.push(`[${input}:a:0]${STEREO}${delay},${fit}[sn${i}]`);
    layers.push(`[sn${i}]`);
  });
  if (layers.length === 0)
    parts.push(`anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=duration=${d}[mix]`);
  else if (layers.length === 1) parts.push(`${layers[0]}anull[mix]`);
  else
    parts.push(
      `${layers.join('')}amix=inputs=${layers.length}:duration=first:dropout_transition=0,volume=${layers.length}[mix]`,
    );
  return parts;
}
