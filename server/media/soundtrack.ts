/**
 * The soundtrack of a video render: a soft four-chord pad (I-vi-IV-V, one chord every 4 s),
 * transposed by the prompt's hash, as one `aevalsrc` expression. Each chord swells in and out
 * (a half-sine envelope), so the switch from one chord to the next happens at silence and never clicks.
 */

// Root-position triads of I, vi, IV and V in C, in the octave below middle C (Hz).
const CHORDS: [number, number, number][] = [
  [130.81, 164.81, 196.0],
  [110.0, 130.81, 164.81],
  [87.31, 110.0, 130.81],
  [98.0, 123.47, 146.83],
];

/** `if(eq(k,0),a,if(eq(k,1),b,...))`: picks a chord's note by the chord index in register 0. */
function pick(values: number[]): string {
  return values.reduceRight<string>(
    (rest, v, i) => (i === values.length - 1 ? v.toFixed(3) : `if(eq(ld(0),${i}),${v.toFixed(3)},${rest})`),
    '',
  );
}

function channel(transpose: number, detune: number): string {
  const notes = [0, 1, 2].map((n) => `(${pick(CHORDS.map((c) => c[n]! * transpose))})`);
  // Each note twice, slightly detuned, for warmth; the root also an octave up, quietly, for air.
  const voices = notes
    .map((f) => `sin(2*PI*${f}*t)+sin(2*PI*${f}*${detune}*t)`)
    .concat(`0.5*sin(2*PI*2*${notes[0]}*t)`)
    .join('+');
  return `st(0,mod(floor(t/4),4));0.07*pow(sin(PI*mod(t,4)/4),0.8)*(${voices})`;
}

/**
 * The lavfi source for `-f lavfi -i`: mono at 22.05 kHz (a pad below 1 kHz needs no more, and the
 * expression is evaluated per sample: a quarter of the CPU of 44.1 kHz stereo), exactly
 * `durationSec` long. The caller resamples and upmixes it for the AAC track.
 */
export function soundtrackSource(durationSec: number, seed: number): string {
  const transpose = 2 ** ((seed % 7) / 12);
  // Quoted: the expression's commas would otherwise split the lavfi graph.
  return `aevalsrc=exprs='${channel(transpose, 1.004)}':s=22050:d=${durationSec}`;
}
