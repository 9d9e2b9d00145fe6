import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTick } from 'node:timers/promises';
import { abortReason, afterPreparing, encodeDeadlineMs, renderInScratch, runFfmpeg } from './ffmpeg';
import { composeTrack, SAMPLE_RATE, synthesize, toPcm16 } from './music-synth';
import { planMusic, type MusicPlan } from './music-style';
import { hash32 } from './render-layout';

export interface MusicRenderInput {
  outPath: string;
  format?: 'mp3';
  durationSec: number;
  prompt: string;
  style: string;
  title: string;
  /** Same request and seed, same track; by default derived from prompt and style. */
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export const MUSIC_ARTIST = 'Media Studio local';
/** Share of the progress bar for synthesis; the MP3 encode takes the rest. */
const SYNTH_SHARE = 0.6;

/**
 * Composes and synthesises a track whose tempo, key, scale and instruments follow the request's
 * words (decision 037), then encodes it as MP3 (192 kb/s, ID3v2.3 with title, artist, genre and
 * the prompt as comment) of exactly `durationSec`. Writes only `outPath`. Returns the plan used,
 * which callers may record.
 */
export async function renderMusic(input: MusicRenderInput): Promise<MusicPlan> {
  const { outPath, durationSec, signal, onProgress } = input;
  if ((input.format ?? 'mp3') !== 'mp3')
    throw new RangeError(`format ${input.format} is not supported (mp3 only)`);
  if (!(durationSec > 0) || durationSec > 600)
    throw new RangeError(`duration ${durationSec} is outside 0..600 s`);
  if (signal?.aborted) throw abortReason(signal);
  const seed = input.seed ?? hash32(`${input.style}\n${input.prompt}`);
  const plan = planMusic(input.style, input.prompt, seed);
  return renderInScratch('render-music-', outPath, async (work) => {
    const notes = composeTrack(plan, durationSec);
    // Synthesis is CPU work on the event loop; it yields every few dozen notes so the server keeps answering.
    const samples = await synthesize(notes, durationSec, seed, async (done) => {
      await nextTick();
      if (signal?.aborted) throw abortReason(signal);
      onProgress?.(SYNTH_SHARE * done);
    });
    const raw = path.join(work, 'track.pcm');
    await fs.writeFile(raw, toPcm16(samples, Math.min(3, durationSec / 5)));
    if (signal?.aborted) throw abortReason(signal);
    onProgress?.(SYNTH_SHARE);

    const echo = plan.energy < 0.5 ? 'aecho=0.8:0.75:70|140:0.28|0.16' : 'aecho=0.8:0.8:45|90:0.18|0.1';
    await runFfmpeg(
      [
        ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', raw],
        // A short room echo glues the dry synthesis together; the limiter keeps it from clipping.
        ...['-af', `${echo},alimiter=limit=0.95`, '-t', String(durationSec)],
        // compression_level 7: lame's faster search, ~20 % less CPU, inaudible at 192 kb/s.
        ...[
          '-c:a',
          'libmp3lame',
          '-b:a',
          '192k',
          '-compression_level',
          '7',
          '-id3v2_version',
          '3',
          '-write_xing',
          '1',
        ],
        ...metadata(input, plan),
        ...['-f', 'mp3', outPath],
      ],
      {
        signal,
        timeoutMs: encodeDeadlineMs(durationSec),
        durationSec,
        onProgress: afterPreparing(onProgress, SYNTH_SHARE),
      },
    );
    return plan;
  });
}

function metadata(input: MusicRenderInput, plan: MusicPlan): string[] {
  const clean = (s: string, max: number) => [...s.replace(/[\r\n\t]+/g, ' ').trim()].slice(0, max).join('');
  const key = `${['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'][plan.tonic % 12]} ${plan.minor ? 'minor' : 'major'}`;
  const tags: [string, string][] = [
    ['title', clean(input.title, 200) || 'Untitled'],
    ['artist', MUSIC_ARTIST],
    ['genre', clean(input.style, 100)],
    ['comment', clean(`${input.prompt} (${plan.bpm} BPM, ${key})`, 500)],
    ['TBPM', String(plan.bpm)],
  ];
  return tags.filter(([, v]) => v).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
}
