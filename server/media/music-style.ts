/**
 * Turns a music request's words into musical choices (decision 037): tempo, key, scale, lead
 * instrument, accompaniment, drums. Words decide where they say something ("calm piano" is slow,
 * soft and without drums; "upbeat electronic" is fast with a beat); the seed decides the rest,
 * so one request always gives the same track.
 */

export type Instrument = 'piano' | 'pluck' | 'synth' | 'bell' | 'strings';
export type Accompaniment = 'arpeggio' | 'block' | 'pad';

export interface MusicPlan {
  bpm: number;
  /** MIDI note of the key's tonic, in the octave around middle C (57-68). */
  tonic: number;
  minor: boolean;
  lead: Instrument;
  accompaniment: Accompaniment;
  /** Instrument of the chords. */
  chords: Instrument;
  drums: boolean;
  bass: boolean;
  /** 0..1: how dense the melody and drums are, and how hard notes are struck. */
  energy: number;
  /** Eighth notes played long-short. */
  swing: boolean;
  seed: number;
}

interface Rule {
  words: RegExp;
  apply: (p: MusicPlan) => void;
}

// Earlier rules are general moods; later ones are instruments and genres, which win where they disagree.
const RULES: Rule[] = [
  {
    words:
      /\b(calm|relax\w*|peaceful|soft|gentle|sleep\w*|lullaby|ambient|meditat\w*|chill|dreamy|quiet|slow)\b|平静|舒缓|安静|轻柔|放松/,
    apply: (p) => Object.assign(p, { energy: 0.2, drums: false, bpm: 66 }),
  },
  {
    words: /\b(sad|melanchol\w*|dark|lonely|rain\w*|tragic|somber|mysterious|tense|horror)\b|悲伤|忧郁|黑暗/,
    apply: (p) =>
      Object.assign(p, { minor: true, energy: Math.min(p.energy, 0.35), bpm: Math.min(p.bpm, 76) }),
  },
  {
    words: /\b(happy|joyful|bright|sunny|cheerful|uplifting|summer|fun|playful|kids?)\b|快乐|欢快|明亮/,
    apply: (p) => Object.assign(p, { minor: false, energy: Math.max(p.energy, 0.6) }),
  },
  {
    words: /\b(upbeat|energetic|dance|party|fast|workout|driving|intense|powerful)\b|动感|激昂|节奏/,
    apply: (p) => Object.assign(p, { energy: 0.85, drums: true, bpm: Math.max(p.bpm, 122) }),
  },
  {
    words: /\b(epic|cinematic|orchestra\w*|heroic|trailer)\b|史诗|电影/,
    apply: (p) =>
      Object.assign(p, {
        lead: 'strings',
        chords: 'strings',
        accompaniment: 'pad',
        minor: true,
        bass: true,
        bpm: 84,
      }),
  },
  {
    words: /\b(piano|classical|ballad)\b|钢琴|古典/,
    apply: (p) => Object.assign(p, { lead: 'piano', chords: 'piano', accompaniment: 'arpeggio' }),
  },
  {
    words: /\b(guitar|acoustic|folk|country)\b|吉他|民谣/,
    apply: (p) => Object.assign(p, { lead: 'pluck', chords: 'pluck', accompaniment: 'arpeggio', bass: true }),
  },
  {
    words: /\b(electronic|edm|synth\w*|techno|house|trance|cyberpunk|retro|8-?bit|chiptune)\b|电子/,
    apply: (p) =>
      Object.assign(p, {
        lead: 'synth',
        chords: 'strings',
        accompaniment: 'pad',
        drums: true,
        bass: true,
        energy: Math.max(p.energy, 0.75),
        bpm: Math.max(p.bpm, 118),
      }),
  },
  {
    words: /\b(rock|punk|metal)\b|摇滚/,
    apply: (p) =>
      Object.assign(p, {
        lead: 'synth',
        chords: 'pluck',
        accompaniment: 'block',
        drums: true,
        bass: true,
        energy: 0.9,
        bpm: Math.max(p.bpm, 128),
      }),
  },
  {
    words: /\b(hip-?hop|rap|trap|beat)\b|说唱/,
    apply: (p) => Object.assign(p, { drums: true, bass: true, bpm: 90, swing: true }),
  },
  {
    words: /\b(lo-?fi)\b/,
    apply: (p) =>
      Object.assign(p, {
        lead: 'piano',
        chords: 'piano',
        accompaniment: 'block',
        drums: true,
        bass: true,
        energy: 0.4,
        bpm: 78,
        swing: true,
      }),
  },
  {
    words: /\b(jazz\w*|swing|blues|bossa)\b|爵士/,
    apply: (p) =>
      Object.assign(p, {
        lead: 'piano',
        chords: 'piano',
        accompaniment: 'block',
        bass: true,
        swing: true,
        bpm: 96,
      }),
  },
  {
    words: /\b(bells?|music ?box|christmas|magic\w*|fairy|twinkl\w*)\b|铃/,
    apply: (p) => Object.assign(p, { lead: 'bell' }),
  },
  {
    words: /\b(strings?|violin|cello)\b|弦乐|小提琴/,
    apply: (p) => Object.assign(p, { lead: 'strings', chords: 'strings', accompaniment: 'pad' }),
  },
];

/** mulberry32: a small, fast seeded PRNG; every random choice in a track comes from it. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An explicit tempo ("120 bpm") in the request wins over the mood words. */
function explicitBpm(text: string): number | undefined {
  const m = /\b(\d{2,3})\s*bpm\b/.exec(text);
  const bpm = m ? Number(m[1]) : NaN;
  return bpm >= 40 && bpm <= 200 ? bpm : undefined;
}

export function planMusic(style: string, prompt: string, seed: number): MusicPlan {
  const random = rng(seed);
  const instruments: Instrument[] = ['piano', 'pluck', 'synth', 'bell', 'strings'];
  const plan: MusicPlan = {
    bpm: 84 + Math.floor(random() * 30),
    tonic: 57 + Math.floor(random() * 12),
    minor: random() < 0.4,
    lead: instruments[Math.floor(random() * instruments.length)]!,
    accompaniment: (['arpeggio', 'block', 'pad'] as const)[Math.floor(random() * 3)]!,
    chords: random() < 0.5 ? 'piano' : 'strings',
    drums: random() < 0.5,
    bass: random() < 0.7,
    energy: 0.5,
    swing: false,
    seed,
  };
  const text = `${style} ${prompt}`.toLowerCase();
  for (const rule of RULES) if (rule.words.test(text)) rule.apply(plan);
  // Without a beat there is nothing to hold a bass line to.
  if (!plan.drums && plan.energy < 0.3) plan.bass = false;
  plan.bpm = explicitBpm(text) ?? plan.bpm;
  if (/\bminor\b|小调/.test(text)) plan.minor = true;
  else if (/\bmajor\b|大调/.test(text)) plan.minor = false;
  return plan;
}
