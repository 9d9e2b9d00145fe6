import type { AppContext } from '../../context';
import { FfmpegError } from '../../media/ffmpeg';
import { checkedMedia, MediaRefusal } from '../../media/media-bounds';
import type { AssemblySound } from '../../store/storyboard-assemblies';
import type { TaskRow } from '../../store/tasks';
import { localSource, type LocalSource } from './media-source';

/** A refusal of what the request gave: retrying cannot help, and the message is safe to show. */
export class AssemblyRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A music track shorter than this would be looped thousands of times a minute: refused. */
const MIN_MUSIC_SEC = 0.5;

export interface SoundFiles {
  music?: { file: string; duration: number };
  /** In the request's order; `duration` is the spoken length. */
  narration: Array<{ shot: number; file: string; duration: number }>;
}

/** ffmpeg's own words (paths, demuxer internals) go to the log, under the request id the caller is shown. */
export function logDetail(
  ctx: AppContext,
  row: TaskRow,
  what: string,
  err: unknown,
  extra: Record<string, unknown> = {},
): void {
  ctx.log.warn(what, {
    assembly: row.id,
    request_id: row.request_id,
    ...extra,
    error: String(err instanceof Error ? err.message : err).slice(0, 2000),
  });
}

/**
 * One audio file of the request as a local file ffmpeg may read: fetched as the shots are
 * (localSource: this server's /files/, the upstream's, or through the URL guard), then held to the
 * rules of every user medium before ffmpeg decodes it (checkedMedia: the demuxer allow-list, so a
 * playlist is refused, and the decoded-work bounds). It must hold an audio stream.
 */
async function audioSource(
  ctx: AppContext,
  row: TaskRow,
  url: string,
  param: string,
  origin: string,
  signal: AbortSignal,
  taken: LocalSource[],
): Promise<{ file: string; duration: number }> {
  const source = await localSource(ctx, url, param, origin, signal);
  taken.push(source);
  let probe;
  try {
    probe = await checkedMedia(source.file, signal);
  } catch (err) {
    if (err instanceof MediaRefusal)
      throw new AssemblyRefused('invalid_audio', `${param} is refused: ${err.message}. Give an audio file`);
    if (!(err instanceof FfmpegError)) throw err;
    logDetail(ctx, row, 'storyboard audio unreadable', err, { param });
    throw new AssemblyRefused(
      'invalid_audio',
      `${param} is not audio this server can read. Give an MP3, WAV, M4A, AAC, FLAC or Ogg file`,
    );
  }
  if (!probe.hasAudio)
    throw new AssemblyRefused('invalid_audio', `${param} holds no audio stream. Give an audio file`);
  return { file: source.file, duration: probe.duration };
}

/**
 * The music and narration files of an assembly, each checked (audioSource); the files fetched are
 * added to `taken` at once, so the caller releases them whatever happens.
 */
export async function soundFiles(
  ctx: AppContext,
  row: TaskRow,
  sound: AssemblySound | undefined,
  origin: string,
  signal: AbortSignal,
  taken: LocalSource[],
): Promise<SoundFiles> {
  const files: SoundFiles = { narration: [] };
  if (!sound) return files;
  if (sound.audio) {
    files.music = await audioSource(ctx, row, sound.audio.url, 'audio.url', origin, signal, taken);
    if (files.music.duration > 0 && files.music.duration < MIN_MUSIC_SEC)
      throw new AssemblyRefused(
        'invalid_audio',
        `audio.url lasts ${files.music.duration.toFixed(2)} s; a music track must last at least ${MIN_MUSIC_SEC} s`,
      );
  }
  for (const [i, line] of sound.narration.entries()) {
    const param = `narration[${i}].url`;
    const got = await audioSource(ctx, row, line.url, param, origin, signal, taken);
    files.narration.push({ shot: line.shot, ...got });
  }
  return files;
}
