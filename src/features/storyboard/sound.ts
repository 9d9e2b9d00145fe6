import type { AssemblyRequestInput } from '@contract/storyboard-assembly';
import { ASSEMBLY_LIMITS } from '@contract/storyboard-assembly-limits';
import type { Shot, Storyboard } from './storyboard';
import type { BoardSound, ShotSound, SoundSummary } from './sound-types';

export type { BoardSound, MusicTrack, ShotSound, SoundSummary } from './sound-types';

/**
 * Sound and captions over the whole cut (issue 42): one music or voice track under the assembly,
 * a narration line per shot (spoken by the speech endpoint, placed at the shot's start), and
 * captions made from those lines or typed per shot. Pure rules; the page and the assembly card
 * show and send what these functions say.
 */

export const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export const DEFAULT_VOICE = 'alloy';
export const ASSEMBLY_CAPTION_CHARS = ASSEMBLY_LIMITS.captionChars;
export const DEFAULT_SOUND: BoardSound = { burnCaptions: false };

/** How long a shot lasts as asked (its duration setting); undefined while not a number. */
export function shotSeconds(shot: Shot): number | undefined {
  const n = Number(shot.draft.duration);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The cut's length as asked: the shots' durations, less half a second per crossfade. */
export function plannedLength(board: Storyboard): number | undefined {
  let total = 0;
  for (const shot of board.shots) {
    const s = shotSeconds(shot);
    if (s === undefined) return undefined;
    total += s;
  }
  return total - board.joins.filter((j) => j === 'crossfade').length * 0.5;
}

/** The shot's speech, when it was made from the line as it is now (an edited line needs speaking again). */
export function currentSpeech(shot: Shot): ShotSound['speech'] {
  const s = shot.sound;
  const line = s?.narration?.trim();
  if (!s?.speech || !line || s.speech.text !== line) return undefined;
  if (s.speech.voice !== (s.voice ?? DEFAULT_VOICE)) return undefined;
  return s.speech;
}

/** The caption of a shot: typed, else its narration line; cut to what the endpoint takes. */
export function captionOf(shot: Shot): string | undefined {
  const text = (shot.sound?.caption?.trim() || shot.sound?.narration?.trim() || '').slice(
    0,
    ASSEMBLY_LIMITS.captionChars,
  );
  return text || undefined;
}

export interface Overlong {
  index: number;
  spoken: number;
  shot: number;
}

/** Spoken lines longer than their shot: the line would run into the next shot (or past the end). */
export function overlongLines(board: Storyboard): Overlong[] {
  const out: Overlong[] = [];
  board.shots.forEach((shot, index) => {
    const speech = currentSpeech(shot);
    const seconds = shotSeconds(shot);
    if (speech && seconds !== undefined && speech.seconds > seconds + 0.05)
      out.push({ index, spoken: speech.seconds, shot: seconds });
  });
  return out;
}

/** The shortest allowed duration that holds the spoken line (whole seconds, within the API's 4–15). */
export function fittedDuration(spoken: number, min = 4, max = 15): number {
  return Math.min(max, Math.max(min, Math.ceil(spoken)));
}

/** What the cut sends beside its shots: the music, the spoken lines and the captions. */
export function soundOfRequest(
  board: Storyboard,
): Pick<AssemblyRequestInput, 'audio' | 'narration' | 'captions' | 'burn_captions'> {
  const sound = board.sound ?? DEFAULT_SOUND;
  const music = sound.music;
  const narration = board.shots.flatMap((shot, i) => {
    const speech = currentSpeech(shot);
    return speech ? [{ shot: i, url: speech.url }] : [];
  });
  const captions = board.shots.flatMap((shot, i) => {
    const text = captionOf(shot);
    return text ? [{ shot: i, text }] : [];
  });
  return {
    ...(music?.url
      ? {
          audio: {
            url: music.url,
            volume: music.volume,
            fade_out_s: music.fadeOut,
            shot_audio: music.shotAudio,
          },
        }
      : {}),
    narration,
    captions,
    burn_captions: sound.burnCaptions && captions.length > 0,
  };
}

export function soundSummary(board: Storyboard): SoundSummary {
  const req = soundOfRequest(board);
  return {
    ...(req.audio ? { music: board.sound?.music?.name || 'audio' } : {}),
    narration: req.narration?.length ?? 0,
    captions: req.captions?.length ?? 0,
    burned: req.burn_captions === true,
  };
}

/** The URL ffmpeg reads an audio asset from: where this server serves it, else its source. */
export function audioUrlOf(asset: {
  url?: string;
  oss_url?: string;
  source_url?: string;
}): string | undefined {
  return [asset.url, asset.oss_url, asset.source_url].find((u) => typeof u === 'string' && u.trim() !== '');
}
