import { describe, expect, it } from 'vitest';
import {
  MUSIC_LENGTH,
  musicLength,
  planMusic,
  statedLength,
  styleFromPlan,
  titleFromPrompt,
} from './music-plan';

describe('statedLength', () => {
  it('reads seconds, minutes and hours in English and Chinese, clamped to the bounds', () => {
    expect(statedLength('a 45 second jingle')).toBe(45);
    expect(statedLength('90 s of ambience')).toBe(90);
    expect(statedLength('about 2 minutes long')).toBe(120);
    expect(statedLength('1.5 min')).toBe(90);
    expect(statedLength('3 hours of rain')).toBe(MUSIC_LENGTH.max);
    expect(statedLength('just 2 seconds')).toBe(MUSIC_LENGTH.min);
    expect(statedLength('一段60秒的钢琴曲')).toBe(60);
    expect(statedLength('两分钟 2分钟')).toBe(120);
  });

  it('leaves decades, tempos and other numbers alone', () => {
    expect(statedLength('80s synthwave at 120 bpm')).toBeUndefined();
    expect(statedLength('3 songs in 4/4')).toBeUndefined();
    expect(statedLength('80s synthwave, 45s long')).toBe(45);
  });
});

describe('musicLength', () => {
  const plan = planMusic('folk', 'x', 1);
  it('defaults to 30 s; lyrics decide in custom mode; a stated length wins', () => {
    expect(musicLength({ prompt: 'calm piano', style: '', title: '', customMode: false }, plan)).toBe(30);
    const lyrics = '[Chorus]\nla la\nla la la\n\nla';
    const sung = musicLength({ prompt: lyrics, style: 'folk', title: 'T', customMode: true }, plan);
    expect(sung).toBe(Math.max(MUSIC_LENGTH.lyricsMin, Math.round(((3 * 2 + 8) * 240) / plan.bpm)));
    expect(
      musicLength({ prompt: lyrics, style: 'folk, 50 seconds', title: 'T', customMode: true }, plan),
    ).toBe(50);
  });
});

describe('titleFromPrompt and styleFromPlan', () => {
  it('makes a short title from the first clause', () => {
    expect(titleFromPrompt('A calm piano piece for a rainy morning')).toBe('Calm Piano Piece');
    expect(titleFromPrompt('upbeat electronic night drive, 10 seconds')).toBe(
      'Upbeat Electronic Night Drive',
    );
    expect(titleFromPrompt('一首关于夏天的欢快歌曲，带吉他')).toBe('一首关于夏天的欢快歌曲');
    expect(titleFromPrompt('[Intro] ...')).toBe('Untitled');
  });

  it('describes what the planner chose', () => {
    const plan = planMusic('', 'calm piano', 7);
    expect(styleFromPlan(plan)).toMatch(/^piano lead, no drums, \d+ BPM, [A-G][#b]? (major|minor)$/);
  });
});
