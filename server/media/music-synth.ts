/**
 * Additive/physical-model synthesis in plain JS (decision 037): a plan becomes a list of notes
 * (chords, melody, bass, drums), and each note is mixed into a stereo float buffer over its own
 * span only, so the cost follows the number of notes, not voices times samples.
 */
import { rng, type MusicPlan } from './music-style';
import { renderNote, SAMPLE_RATE, type Note } from './music-voices';

export { SAMPLE_RATE };

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
// Progressions as scale degrees (0-based); each chord lasts one bar.
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [3, 4, 0, 5],
];
const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6],
  [0, 3, 4, 0],
  [0, 6, 5, 4],
];

/** The notes of a whole track of `durationSec`: intro, phrases that repeat with variation, a final chord. */
export function composeTrack(plan: MusicPlan, durationSec: number): Note[] {
  const random = rng(plan.seed ^ 0x9e3779b9);
  const scale = plan.minor ? MINOR : MAJOR;
  const progressions = plan.minor ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS;
  const progression = progressions[Math.floor(random() * progressions.length)]!;
  const beat = 60 / plan.bpm;
  const bar = beat * 4;
  const bars = Math.max(1, Math.floor(durationSec / bar));
  const degreeToMidi = (degree: number, base: number) =>
    base + 12 * Math.floor(degree / 7) + scale[((degree % 7) + 7) % 7]!;
  const swingAt = (eighth: number) => (plan.swing && eighth % 2 === 1 ? beat * 0.16 : 0);
  const notes: Note[] = [];

  // Two melodic phrases of 4 bars; the song plays A A' B A ... so it has a shape a listener can follow.
  const phraseA = melodyPhrase(random, plan);
  const phraseB = melodyPhrase(random, plan);
  const intro = bars > 6 ? 2 : 0;

  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    const last = b === bars - 1;
    const degree = last ? 0 : progression[b % 4]!;
    const chord = [degree, degree + 2, degree + 4].map((d) => degreeToMidi(d, plan.tonic - 12));
    const chordLength = last ? durationSec - t0 : bar;
    const soft = 0.35 + 0.25 * plan.energy;
    if (plan.accompaniment === 'arpeggio' && !last) {
      // A broken chord in eighths: up, down, with the root an octave up at the top.
      const order = [0, 1, 2, 3, 2, 1, 0, 1];
      for (let i = 0; i < 8; i++) {
        const midi = order[i] === 3 ? chord[0]! + 12 : chord[order[i]!]!;
        notes.push({
          start: t0 + (i * bar) / 8 + swingAt(i),
          length: beat * 1.5,
          midi,
          velocity: soft * (i % 2 ? 0.8 : 1),
          voice: plan.chords,
          pan: -0.25,
        });
      }
    } else if (plan.accompaniment === 'block' && !last) {
      for (const at of [0, 2]) {
        for (const [i, midi] of chord.entries()) {
          notes.push({
            start: t0 + at * beat,
            length: beat * 2,
            midi,
            velocity: soft * (at ? 0.7 : 0.85),
            voice: plan.chords,
            pan: -0.35 + i * 0.2,
          });
        }
      }
    } else {
      for (const [i, midi] of chord.entries()) {
        notes.push({
          start: t0,
          length: chordLength,
          midi,
          velocity: soft * 0.8,
          voice: plan.accompaniment === 'pad' ? 'strings' : plan.chords,
          pan: -0.35 + i * 0.2,
        });
      }
    }
    if (plan.bass) {
      const pattern = plan.energy > 0.6 ? [0, 1.5, 2, 3] : [0, 2];
      for (const at of last ? [0] : pattern) {
        notes.push({
          start: t0 + at * beat,
          length: last ? chordLength : beat * 0.9,
          midi: chord[0]! - 12,
          velocity: 0.7,
          voice: 'bass',
          pan: 0,
        });
      }
    }
    if (plan.drums && b >= intro / 2 && !last) drumsForBar(notes, t0, beat, plan, random, swingAt);
    if (b >= intro && !last) {
      const section = Math.floor((b - intro) / 4) % 4;
      const phrase = section === 2 ? phraseB : phraseA;
      // The second A lifts its last bar an octave: the same tune, not a loop.
      const lift = section === 1 && (b - intro) % 4 === 3 ? 7 : 0;
      for (const n of phrase[(b - intro) % 4]!) {
        notes.push({
          start: t0 + n.beat * beat + swingAt(Math.round(n.beat * 2)),
          length: n.beats * beat * 0.95,
          midi: degreeToMidi(n.degree + lift, plan.tonic),
          velocity: 0.55 + 0.35 * plan.energy * n.accent,
          voice: plan.lead,
          pan: 0.2,
        });
      }
    }
    if (last)
      notes.push({
        start: t0,
        length: chordLength,
        midi: degreeToMidi(7, plan.tonic),
        velocity: 0.6,
        voice: plan.lead,
        pan: 0.2,
      });
  }
  return notes;
}

interface PhraseNote {
  beat: number;
  beats: number;
  degree: number;
  accent: number;
}

/** Four bars of melody: a rhythm per bar from the energy, pitches walking the scale, landing on chord tones. */
function melodyPhrase(random: () => number, plan: MusicPlan): PhraseNote[][] {
  const calm = [[2, 2], [3, 1], [1, 1, 2], [4]];
  const lively = [
    [1, 0.5, 0.5, 1, 1],
    [0.5, 0.5, 1, 0.5, 0.5, 1],
    [1.5, 0.5, 1, 1],
    [0.5, 0.5, 0.5, 0.5, 2],
  ];
  const rhythms = plan.energy > 0.55 ? lively : calm;
  let degree = [0, 2, 4][Math.floor(random() * 3)]!;
  return [0, 1, 2, 3].map((bar) => {
    const rhythm = bar === 3 ? [2, 2] : rhythms[Math.floor(random() * rhythms.length)]!;
    let at = 0;
    return rhythm.map((beats, i) => {
      const stepChoices = [-2, -1, -1, 1, 1, 2, 0, 3, -3];
      degree += stepChoices[Math.floor(random() * stepChoices.length)]!;
      degree = Math.max(-2, Math.min(9, degree));
      // Strong beats and phrase ends go to a chord tone of the tonic triad's shape.
      if (at === 0 || (bar === 3 && i === rhythm.length - 1)) degree = Math.round(degree / 2) * 2;
      if (bar === 3 && i === rhythm.length - 1) degree = 0;
      const note = { beat: at, beats, degree, accent: at % 2 === 0 ? 1 : 0.6 };
      at += beats;
      return note;
    });
  });
}

function drumsForBar(
  notes: Note[],
  t0: number,
  beat: number,
  plan: MusicPlan,
  random: () => number,
  swingAt: (e: number) => number,
) {
  const v = 0.5 + 0.4 * plan.energy;
  const fourOnFloor = plan.energy > 0.7 && plan.bpm >= 115;
  for (let q = 0; q < 4; q++) {
    if (fourOnFloor || q === 0 || q === 2 || (q === 3 && random() < 0.3))
      notes.push({ start: t0 + q * beat, length: 0.4, midi: 36, velocity: v, voice: 'kick', pan: 0 });
    if (q === 1 || q === 3)
      notes.push({
        start: t0 + q * beat,
        length: 0.3,
        midi: 38,
        velocity: v * 0.8,
        voice: 'snare',
        pan: 0.05,
      });
  }
  const hats = plan.energy > 0.6 ? 8 : 4;
  for (let e = 0; e < hats; e++) {
    const at = (e * 4 * beat) / hats + (hats === 8 ? swingAt(e) : 0);
    notes.push({
      start: t0 + at,
      length: 0.08,
      midi: 42,
      velocity: v * (e % 2 ? 0.35 : 0.5),
      voice: 'hat',
      pan: 0.3,
    });
  }
}

/**
 * Mixes `notes` into interleaved stereo float samples of exactly `durationSec`. About every 20 ms
 * of work it awaits `pause(fractionDone)`, to let the event loop (and an abort) through.
 */
export async function synthesize(
  notes: Note[],
  durationSec: number,
  seed: number,
  pause: (done: number) => Promise<void>,
): Promise<Float32Array> {
  const total = Math.round(durationSec * SAMPLE_RATE);
  const out = new Float32Array(total * 2);
  const noise = rng(seed ^ 0x51ed27);
  let lastPause = performance.now();
  for (const [i, note] of notes.entries()) {
    renderNote(out, total, note, noise);
    if (performance.now() - lastPause > 20) {
      await pause(i / notes.length);
      lastPause = performance.now();
    }
  }
  return out;
}

/** Peak-normalises to -1 dBFS and converts to 16-bit PCM, fading the last `fadeSec` out. */
export function toPcm16(samples: Float32Array, fadeSec: number): Buffer {
  let peak = 1e-9;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  const gain = 0.89 / peak;
  const frames = samples.length / 2;
  const fadeFrames = Math.max(1, Math.min(frames, Math.round(fadeSec * SAMPLE_RATE)));
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const frame = i >> 1;
    const fade = frame >= frames - fadeFrames ? (frames - frame) / fadeFrames : 1;
    pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]! * gain * fade)) * 32767);
  }
  // Int16Array is little-endian on every platform Node runs on, which is what s16le wants.
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}
