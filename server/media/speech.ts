import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ESpeakNG from 'espeak-ng';
import { token } from '../ids';
import { runFfmpeg } from './ffmpeg';
import { SPEECH_SPEED, type SpeechFormat, type SpeechVoice } from '@contract/text-requests';

export type { SpeechFormat, SpeechVoice };

/**
 * Real speech synthesis with eSpeak NG compiled to WebAssembly (the `espeak-ng` package: no system
 * binary needed) and ffmpeg for the output formats. The WASM code is compiled once per process;
 * each request gets a fresh, cheap instance of it, because the package exposes only the command
 * line program, which cannot be re-entered (decision 053).
 */

export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** The hosted API's voices, each mapped onto an eSpeak voice variant and pitch (0-99). */
const VOICES: Record<SpeechVoice, { variant: string; pitch: number }> = {
  alloy: { variant: 'm3', pitch: 50 },
  ash: { variant: 'm1', pitch: 45 },
  ballad: { variant: 'm5', pitch: 55 },
  cedar: { variant: 'm2', pitch: 40 },
  coral: { variant: 'f2', pitch: 60 },
  echo: { variant: 'm2', pitch: 48 },
  fable: { variant: 'm4', pitch: 58 },
  marin: { variant: 'f1', pitch: 55 },
  nova: { variant: 'f3', pitch: 62 },
  onyx: { variant: 'm7', pitch: 30 },
  sage: { variant: 'f4', pitch: 52 },
  shimmer: { variant: 'f5', pitch: 66 },
  verse: { variant: 'm6', pitch: 50 },
};

/** The hosted API's output sample rate; `pcm` is raw 16-bit mono at this rate. */
export const SPEECH_SAMPLE_RATE = 24_000;

const BASE_WPM = 175;
const WPM = { min: 80, max: 450 } as const;
/** At most this many syntheses at once: each instance holds ~60 MB while it runs. */
const MAX_CONCURRENT = 2;

export interface SpeechRequest {
  text: string;
  voice?: SpeechVoice;
  speed?: number;
  format?: SpeechFormat;
  /** `tts-1-hd`: higher bit rates. */
  hd?: boolean;
  signal?: AbortSignal;
}

export interface SpeechResult {
  audio: Buffer;
  contentType: string;
  format: SpeechFormat;
  /** The eSpeak voice used, e.g. `cmn` for Chinese text. */
  language: string;
}

/** The eSpeak language for a text, from its script (Latin text is read as English). */
export function detectSpeechLanguage(text: string): string {
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (/[\uac00-\ud7af\u1100-\u11ff]/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'cmn';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/\p{Script=Greek}/u.test(text)) return 'el';
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  if (/\p{Script=Hebrew}/u.test(text)) return 'he';
  if (/\p{Script=Devanagari}/u.test(text)) return 'hi';
  return 'en-us';
}

/** The global WebAssembly API (Node has it; the server's type library only declares its types). */
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
      instantiate(module: WebAssembly.Module, imports: object): Promise<object>;
    };
  }
).WebAssembly;

let compiled: Promise<WebAssembly.Module> | undefined;
function wasmModule(): Promise<WebAssembly.Module> {
  if (compiled) return compiled;
  compiled = (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
    return wasmApi.compile(await fs.readFile(wasmPath));
  })();
  // A failed compile is not cached: the next request tries again.
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

let running = 0;
const waiting: Array<() => void> = [];
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished synthesis hands its slot straight to the next waiter, so the count never overshoots.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** WAV (22.05 kHz mono) of `text` spoken by eSpeak with the given voice, pitch and words per minute. */
async function espeakWav(
  text: string,
  language: string,
  voice: SpeechVoice,
  wpm: number,
): Promise<Uint8Array> {
  const wasm = await wasmModule();
  const errors: string[] = [];
  const { variant, pitch } = VOICES[voice];
  const instance = await ESpeakNG({
    // The text goes through a file so that nothing in it can be read as an option.
    arguments: [
      '-v',
      `${language}+${variant}`,
      '-p',
      String(pitch),
      '-s',
      String(Math.round(wpm)),
      '-w',
      '/out.wav',
      '-f',
      '/in.txt',
    ],
    print: () => {},
    printErr: (line) => errors.push(line),
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    instantiateWasm: (imports, done) => {
      void wasmApi.instantiate(wasm, imports).then((inst) => done(inst, wasm));
      return {};
    },
  });
  try {
    return instance.FS.readFile('/out.wav');
  } catch {
    throw new Error(`speech synthesis produced no audio${errors.length ? ` (${errors[0]})` : ''}`);
  }
}

/** `atempo` accepts 0.5..2 per stage in this ffmpeg build; larger changes are chained. */
function tempoFilters(factor: number): string[] {
  const stages: string[] = [];
  let rest = factor;
  while (rest > 2) {
    stages.push('atempo=2');
    rest /= 2;
  }
  while (rest < 0.5) {
    stages.push('atempo=0.5');
    rest /= 0.5;
  }
  if (Math.abs(rest - 1) > 0.001) stages.push(`atempo=${rest.toFixed(4)}`);
  return stages;
}

function encoderArgs(format: SpeechFormat, hd: boolean): string[] {
  switch (format) {
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-b:a', hd ? '128k' : '64k', '-f', 'mp3'];
    case 'opus':
      return ['-c:a', 'libopus', '-b:a', hd ? '64k' : '32k', '-f', 'ogg'];
    case 'aac':
      return ['-c:a', 'aac', '-b:a', hd ? '128k' : '64k', '-f', 'adts'];
    case 'flac':
      return ['-c:a', 'flac', '-f', 'flac'];
    case 'wav':
      return ['-c:a', 'pcm_s16le', '-f', 'wav'];
    case 'pcm':
      return ['-c:a', 'pcm_s16le', '-f', 's16le'];
  }
}

/**
 * Speaks `text` in its own language (by script: Chinese, Japanese, Korean, Russian, … else
 * English) and returns it encoded as `format` at 24 kHz mono. Used by POST /v1/audio/speech and by
 * the digital-human audio task.
 */
export async function synthesizeSpeech(req: SpeechRequest): Promise<SpeechResult> {
  const format = req.format ?? 'mp3';
  const voice = req.voice ?? 'alloy';
  const speed = Math.min(SPEECH_SPEED.max, Math.max(SPEECH_SPEED.min, req.speed ?? SPEECH_SPEED.default));
  const language = detectSpeechLanguage(req.text);
  const wpm = Math.min(WPM.max, Math.max(WPM.min, BASE_WPM * speed));
  const wav = await withSlot(() => espeakWav(req.text, language, voice, wpm));
  req.signal?.throwIfAborted();

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `speech-${token(8)}-`));
  try {
    const input = path.join(dir, 'in.wav');
    const output = path.join(dir, `out.${format}`);
    await fs.writeFile(input, wav);
    const filters = [...tempoFilters((BASE_WPM * speed) / wpm), `aresample=${SPEECH_SAMPLE_RATE}`];
    await runFfmpeg(
      ['-i', input, '-ac', '1', '-af', filters.join(','), ...encoderArgs(format, req.hd ?? false), output],
      {
        signal: req.signal,
        timeoutMs: 60_000,
      },
    );
    return { audio: await fs.readFile(output), contentType: SPEECH_CONTENT_TYPES[format], format, language };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
