/**
 * The instruments: each note is mixed into the stereo buffer over its own span. Sines come from a
 * table and envelopes are multiplied down sample by sample (no Math.sin/Math.exp per sample), which
 * keeps a 3-minute track to about a second of CPU.
 */
import type { Instrument } from './music-style';

/** One note of a track, as composed by music-synth and rendered by a voice here. */
export interface Note {
  start: number; // seconds
  length: number; // seconds
  midi: number;
  velocity: number; // 0..1
  voice: Instrument | 'bass' | 'kick' | 'snare' | 'hat';
  pan: number; // -1..1
}

export const SAMPLE_RATE = 44100;
const SIZE = 8192;
const MASK = SIZE - 1;
const SINE = Float32Array.from({ length: SIZE }, (_, i) => Math.sin((2 * Math.PI * i) / SIZE));

interface PartialSpec {
  ratio: number;
  amp: number;
  /** Exponential decay rate, 1/s (0 = sustained). */
  decay: number;
}
interface ToneSpec {
  partials: PartialSpec[];
  attack: number; // s
  release: number; // s
  /** Vibrato depth (fraction of the frequency) at 5.3 Hz. */
  vibrato: number;
  gain: number;
}

const harmonics = (ks: number[], amp: (k: number) => number, decay: (k: number) => number, ratio = 1) =>
  ks.map((k) => ({ ratio: k * ratio, amp: amp(k), decay: decay(k) }));

const TONES: Record<'piano' | 'strings' | 'synth' | 'bell' | 'bass', ToneSpec> = {
  // Struck string: bright at the attack, the upper partials dying first.
  piano: {
    partials: harmonics(
      [1, 2, 3, 4, 5],
      (k) => 1 / k ** 1.6,
      (k) => 0.9 + 0.9 * k,
    ),
    attack: 0.003,
    release: 0.25,
    vibrato: 0,
    gain: 0.55,
  },
  // A sawtooth-like stack plus a detuned copy of its lowest partials (where the chorus is heard),
  // with a slow bow attack and vibrato.
  strings: {
    partials: [
      ...harmonics(
        [1, 2, 3, 4, 5, 6],
        (k) => 1 / k,
        () => 0,
      ),
      ...harmonics(
        [1, 2, 3],
        (k) => 1 / (1.5 * k),
        () => 0,
        1.006,
      ),
    ],
    attack: 0.35,
    release: 0.6,
    vibrato: 0.004,
    gain: 0.16,
  },
  // Square-ish lead: odd harmonics, a plucky start settling to a sustain.
  synth: {
    partials: [
      ...harmonics(
        [1, 3, 5, 7],
        (k) => 0.6 / k,
        () => 0,
      ),
      ...harmonics(
        [1, 3, 5, 7],
        (k) => 0.4 / k,
        () => 6,
      ),
    ],
    attack: 0.005,
    release: 0.25,
    vibrato: 0.003,
    gain: 0.32,
  },
  // Inharmonic partials (2.76, 5.4) are what make a bar or bell sound struck.
  bell: {
    partials: [
      { ratio: 1, amp: 1, decay: 1.6 },
      { ratio: 2.76, amp: 0.5, decay: 5.6 },
      { ratio: 5.4, amp: 0.25, decay: 9.6 },
    ],
    attack: 0.0025,
    release: 0.25,
    vibrato: 0,
    gain: 0.42,
  },
  bass: {
    partials: harmonics(
      [1, 2],
      (k) => (k === 1 ? 1 : 0.3),
      () => 2.5,
    ),
    attack: 0.007,
    release: 0.1,
    vibrato: 0,
    gain: 0.6,
  },
};

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

export function renderNote(out: Float32Array, total: number, note: Note, noise: () => number): void {
  const first = Math.round(note.start * SAMPLE_RATE);
  if (first >= total) return;
  const left = Math.cos(((note.pan + 1) * Math.PI) / 4) * note.velocity;
  const right = Math.sin(((note.pan + 1) * Math.PI) / 4) * note.velocity;
  const mix = (signal: Float32Array) => {
    const n = Math.min(signal.length, total - first);
    for (let i = 0; i < n; i++) {
      const at = (first + i) * 2;
      out[at] = out[at]! + signal[i]! * left;
      out[at + 1] = out[at + 1]! + signal[i]! * right;
    }
  };
  switch (note.voice) {
    case 'kick':
    case 'snare':
    case 'hat':
      return mix(drum(note.voice, noise));
    case 'pluck':
      return mix(pluck(hz(note.midi), note.length, noise));
    default:
      return mix(tone(TONES[note.voice], hz(note.midi), note.length));
  }
}

function tone(spec: ToneSpec, f: number, length: number): Float32Array {
  const sr = SAMPLE_RATE;
  // Partials above Nyquist would alias into the audible range.
  const partials = spec.partials.filter((p) => p.ratio * f < sr / 2 - 1000);
  const slowest = Math.min(...partials.map((p) => p.decay || 0));
  // A decaying voice ends when it is inaudible (-60 dB), even if the note is longer.
  const audible = slowest > 0 ? Math.log(1000) / slowest : Infinity;
  const count = Math.round(Math.min(length + spec.release, audible) * sr);
  const signal = new Float32Array(Math.max(0, count));
  const releaseStart = Math.round(length * sr);
  const releaseLen = Math.max(1, Math.round(spec.release * sr));
  const attackLen = Math.max(1, Math.round(spec.attack * sr));
  // One vibrato curve per note, shared by its partials.
  let vibrato: Float32Array | undefined;
  if (spec.vibrato) {
    vibrato = new Float32Array(count);
    const vibInc = (5.3 / sr) * SIZE;
    for (let n = 0; n < count; n++) vibrato[n] = 1 + spec.vibrato * SINE[(n * vibInc) & MASK]!;
  }
  for (const p of partials) {
    let phase = 0;
    const inc = ((f * p.ratio) / sr) * SIZE;
    let env = p.amp;
    const fall = Math.exp(-p.decay / sr);
    for (let n = 0; n < count; n++) {
      signal[n] = signal[n]! + SINE[phase & MASK]! * env;
      phase += vibrato ? inc * vibrato[n]! : inc;
      if (phase > 1e9) phase -= SIZE * Math.floor(phase / SIZE);
      env *= fall;
    }
  }
  for (let n = 0; n < count; n++) {
    let a = n < attackLen ? n / attackLen : 1;
    if (n >= releaseStart) a *= Math.max(0, 1 - (n - releaseStart) / releaseLen);
    signal[n] = signal[n]! * a * spec.gain;
  }
  return signal;
}

/** Karplus-Strong: a burst of noise in a delay line one period long, averaged as it circulates. */
function pluck(f: number, length: number, noise: () => number): Float32Array {
  const count = Math.round(Math.min(length + 0.3, 4) * SAMPLE_RATE);
  const line = new Float32Array(Math.max(2, Math.round(SAMPLE_RATE / f)));
  for (let k = 0; k < line.length; k++) line[k] = noise() * 2 - 1;
  const signal = new Float32Array(count);
  const releaseStart = Math.round(length * SAMPLE_RATE);
  for (let n = 0; n < count; n++) {
    const i = n % line.length;
    const j = (n + 1) % line.length;
    const damp = n > releaseStart ? 0.97 : 0.996;
    signal[n] = line[i]! * 0.5;
    line[i] = 0.5 * (line[i]! + line[j]!) * damp;
  }
  return signal;
}

function drum(kind: 'kick' | 'snare' | 'hat', noise: () => number): Float32Array {
  const sr = SAMPLE_RATE;
  const signal = new Float32Array(Math.round((kind === 'kick' ? 0.45 : kind === 'snare' ? 0.25 : 0.08) * sr));
  let phase = 0;
  let previous = 0;
  for (let n = 0; n < signal.length; n++) {
    const t = n / sr;
    if (kind === 'kick') {
      // A sine whose pitch falls fast from ~135 Hz to 45 Hz: the thump of a bass drum.
      phase += (2 * Math.PI * (45 + 90 * Math.exp(-t * 30))) / sr;
      signal[n] = Math.sin(phase) * Math.exp(-t * 9) * 0.9;
    } else if (kind === 'snare') {
      signal[n] =
        (noise() * 2 - 1) * Math.exp(-t * 22) * 0.35 +
        Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30) * 0.3;
    } else {
      // The difference of successive white-noise samples: only the highs of a closed hi-hat remain.
      const r = noise() * 2 - 1;
      signal[n] = (r - previous) * Math.exp(-t * 70) * 0.14;
      previous = r;
    }
  }
  return signal;
}
