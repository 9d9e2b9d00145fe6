/**
 * Transcription output for a local emulator. Recognising real speech is beyond it, so the text is
 * an honest placeholder (LOCAL_API.md) while everything measurable is real: the duration comes
 * from ffprobe, and segments tile that duration.
 */
import type { z } from 'zod';
import type { transcriptionRequestSchema } from '@contract/upload-forms';
import { ApiError } from '../../../errors';
import { probeMedia } from '../../../media/probe';
import type { AudioFile } from './audio-upload';
import { quoted } from '@contract/quoted';

/** Seconds of audio in the file at `path`, to the millisecond; undefined when it holds no decodable audio. */
export async function audioDuration(path: string): Promise<number | undefined> {
  const probe = await probeMedia(path, { timeoutMs: 20_000 }).catch((err: unknown) => {
    // A busy ffmpeg pool (503/429, decision 356) is not "no audio".
    if (err instanceof ApiError) throw err;
    return undefined;
  });
  return probe?.hasAudio ? Math.round(probe.duration * 1000) / 1000 : undefined;
}

/** Seconds per placeholder segment, like the ~30 s windows speech recognisers work in. */
const SEGMENT_SECONDS = 10;

export interface Segment {
  id: number;
  seek: number;
  start: number;
  end: number;
  text: string;
  tokens: number[];
  temperature: number;
  avg_logprob: number;
  compression_ratio: number;
  no_speech_prob: number;
}

export function placeholderText(
  kind: 'transcription' | 'translation',
  durationSec: number,
  fileName: string,
): string {
  const what = kind === 'translation' ? 'translation into English' : 'transcription';
  return (
    `[Local emulator: no speech recognition. This placeholder stands in for the ${what} of ` +
    `"${fileName}" (${durationSec.toFixed(2)} s of audio); a real deployment returns the spoken words here.]`
  );
}

export function segmentsFor(durationSec: number, kind: 'transcription' | 'translation'): Segment[] {
  const count = Math.max(1, Math.ceil(durationSec / SEGMENT_SECONDS));
  return Array.from({ length: count }, (_, i) => {
    const start = i * SEGMENT_SECONDS;
    const end = Math.min(durationSec, start + SEGMENT_SECONDS);
    return {
      id: i,
      seek: Math.round(start * 100),
      start: round(start),
      end: round(end),
      text: ` [${kind} placeholder, segment ${i + 1} of ${count}]`,
      tokens: [],
      temperature: 0,
      avg_logprob: 0,
      compression_ratio: 1,
      no_speech_prob: 0,
    };
  });
}

/** Word timings for `timestamp_granularities[]=word`: the placeholder's words spread over the audio. */
export function wordsFor(
  text: string,
  durationSec: number,
): Array<{ word: string; start: number; end: number }> {
  const words = text.split(/\s+/).filter(Boolean);
  const step = durationSec / Math.max(1, words.length);
  return words.map((word, i) => ({ word, start: round(i * step), end: round((i + 1) * step) }));
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function stamp(sec: number, separator: ',' | '.'): string {
  const ms = Math.round(sec * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(segments: readonly Segment[]): string {
  return segments
    .map((s, i) => `${i + 1}\n${stamp(s.start, ',')} --> ${stamp(s.end, ',')}\n${s.text.trim()}\n`)
    .join('\n');
}

export function toVtt(segments: readonly Segment[]): string {
  return `WEBVTT\n\n${segments.map((s) => `${stamp(s.start, '.')} --> ${stamp(s.end, '.')}\n${s.text.trim()}\n`).join('\n')}`;
}

type Kind = 'transcription' | 'translation';

/** What a transcription answers: text in a subtitle or plain format, or JSON. */
export type Transcript = { text: string; contentType?: string } | { json: object };

export type TranscriptionForm = z.output<ReturnType<typeof transcriptionRequestSchema<AudioFile>>>;

/**
 * POST /v1/audio/transcriptions and /translations for a received upload, its form judged at the
 * route (transcriptionRequestSchema); the file was streamed to disk as it arrived (audio-upload.ts).
 */
export async function transcribe(kind: Kind, req: TranscriptionForm): Promise<Transcript> {
  const duration = await audioDuration(req.file.path);
  if (duration === undefined) {
    throw new ApiError(
      400,
      `file ${quoted(req.file.name)} is not audio that can be decoded: send mp3, wav, m4a, ogg, webm or flac.`,
      { code: 'invalid_file_format', param: 'file' },
    );
  }
  const text = placeholderText(kind, duration, req.file.name);
  const segments = segmentsFor(duration, kind);
  const usage = { type: 'duration', seconds: Math.ceil(duration) };
  switch (req.response_format ?? 'json') {
    case 'text':
      return { text: `${text}\n` };
    case 'srt':
      return { text: toSrt(segments), contentType: 'application/x-subrip; charset=utf-8' };
    case 'vtt':
      return { text: toVtt(segments), contentType: 'text/vtt; charset=utf-8' };
    case 'verbose_json': {
      return {
        json: {
          task: kind === 'translation' ? 'translate' : 'transcribe',
          language: kind === 'translation' ? 'english' : (req.language ?? 'unknown'),
          duration,
          text,
          segments,
          ...(req.timestamp_granularities?.includes('word') ? { words: wordsFor(text, duration) } : {}),
          usage,
        },
      };
    }
    default:
      return { json: { text, usage } };
  }
}
