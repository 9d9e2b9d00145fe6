import { hash32 } from '../../../media/render-layout';
import { MUSIC_LENGTH } from '@contract/music-length';
import { planMusic, type MusicPlan } from '../../../media/music-style';

export { MUSIC_LENGTH };

const KEYS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

export function keyName(plan: MusicPlan): string {
  return `${KEYS[plan.tonic % 12]} ${plan.minor ? 'minor' : 'major'}`;
}

/** The seed render-music derives by default: the same request always gives the same track. */
export function musicSeed(style: string, prompt: string): number {
  return hash32(`${style}\n${prompt}`);
}

const clampLength = (s: number) => Math.round(Math.min(MUSIC_LENGTH.max, Math.max(MUSIC_LENGTH.min, s)));

/**
 * A length the request states in words: "45 seconds", "90 s", "2 minutes", "2 min", "1 hour" (clamped), "90秒",
 * "2分钟". The first one wins; undefined when there is none. "80s" and "90s" stay decades.
 */
export function statedLength(text: string): number | undefined {
  const pattern =
    /(\d+(?:\.\d+)?)(\s*)(seconds?|secs?|s|minutes?|mins?|hours?|hrs?|秒钟?|分钟|小时)(?![a-z])/gi;
  for (const m of text.matchAll(pattern)) {
    const [, num, gap, unit] = m;
    if (unit!.toLowerCase() === 's' && !gap && /^\d0$/.test(num!)) continue;
    const n = Number(num);
    const u = unit!.toLowerCase();
    const sec = /^(hours?|hrs?|小时)$/.test(u) ? n * 3600 : /^(mins?|minutes?|分钟)$/.test(u) ? n * 60 : n;
    if (sec > 0) return clampLength(sec);
  }
  return undefined;
}

/**
 * How long the track is: a length stated in the prompt, style or title; else, for lyrics (custom
 * mode), the time to sing them, two bars per line at the track's tempo plus a four-bar intro and
 * outro; else 30 s.
 */
export function musicLength(
  input: { prompt: string; style: string; title: string; customMode: boolean },
  plan: MusicPlan,
): number {
  const stated = statedLength(`${input.prompt}\n${input.style}\n${input.title}`);
  if (stated !== undefined) return stated;
  const lines = input.customMode
    ? input.prompt.split(/\n+/).filter((l) => l.trim() && !/^\s*\[.*\]\s*$/.test(l)).length
    : 0;
  if (lines === 0) return MUSIC_LENGTH.default;
  const bar = (4 * 60) / plan.bpm;
  return Math.max(MUSIC_LENGTH.lyricsMin, clampLength((lines * 2 + 8) * bar));
}

const EDGE_WORDS = /^(a|an|the|of|for|and|with|in|on|at|to|by|from|about|some)$/i;

/**
 * A title from a description: its first clause, at most five words without articles or
 * prepositions at either end ("A calm piano piece for a rainy morning" → "Calm Piano Piece"), or
 * its first 12 characters in Chinese, Japanese or Korean.
 */
export function titleFromPrompt(prompt: string): string {
  const clause =
    prompt
      .replace(/\[[^\]]*\]/g, ' ')
      .split(/[.,;:!?\n。，；：！？]/)
      .map((s) => s.trim())
      .find(Boolean) ?? '';
  if (/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(clause)) {
    return [...clause.replace(/\s+/g, '')].slice(0, 12).join('');
  }
  const words = clause.split(/\s+/).filter(Boolean);
  while (words.length > 1 && EDGE_WORDS.test(words[0]!)) words.shift();
  const kept = words.slice(0, 5);
  while (kept.length > 1 && EDGE_WORDS.test(kept.at(-1)!)) kept.pop();
  const title = kept.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return title || 'Untitled';
}

/** A style line describing what the planner chose from a description. */
export function styleFromPlan(plan: MusicPlan): string {
  const parts = [
    `${plan.lead} lead`,
    plan.drums ? 'drums' : 'no drums',
    plan.swing ? 'swing' : '',
    `${plan.bpm} BPM`,
    keyName(plan),
  ];
  return parts.filter(Boolean).join(', ');
}

export { planMusic, type MusicPlan };
