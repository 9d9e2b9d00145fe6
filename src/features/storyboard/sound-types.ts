import type { ShotAudio } from '@contract/storyboard-assembly-limits';

/** The shapes of a storyboard's sound (sound.ts has the rules), apart so storyboard.ts can hold them. */

export interface MusicTrack {
  /** An absolute URL the local server may read: a library audio asset's, or a task result's. */
  url: string;
  name?: string;
  /** The music task that composed it, when it was started from the storyboard. */
  taskId?: string;
  /** Linear gain, 1 = as recorded. */
  volume: number;
  fadeOut: number;
  shotAudio: ShotAudio;
}

/** A music task started from the storyboard: followed until its audio becomes the track. */
export interface ComposeTask {
  taskId: string;
  /** What the person typed (the monitor and the track's name show it). */
  prompt: string;
  /** The length asked for: the cut's, within what a track can last. */
  seconds: number;
}

export interface BoardSound {
  music?: MusicTrack;
  composing?: ComposeTask;
  /** Burn the captions into the picture; the WebVTT file is made either way. */
  burnCaptions: boolean;
}

export interface ShotSound {
  /** The line spoken over this shot (narration or dialogue). */
  narration?: string;
  /** The caption shown under this shot; empty: the narration line is the caption. */
  caption?: string;
  voice?: string;
  /** The spoken line, made by the speech endpoint and kept as a file this server can read. */
  speech?: { url: string; seconds: number; text: string; voice: string };
}

/** The words an assembly keeps of its sound, to say what each kept cut was made with. */
export interface SoundSummary {
  music?: string;
  narration: number;
  captions: number;
  burned: boolean;
}
