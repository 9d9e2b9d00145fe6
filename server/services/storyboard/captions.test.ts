import { describe, expect, it } from 'vitest';
import { FONT_REGULAR, fontFor } from '../../media/text-font';
import { assemblyPlan } from './assembly-graph';
import { burnFilters, placeCues, webVtt } from './captions';
import type { ShotProbe } from './shot-probe';

/** The font file a drawtext filter names, unescaped. */
const fontOf = (filter: string) => /fontfile=((?:\\.|[^:])+)/.exec(filter)![1]!.replace(/\\(.)/g, '$1');

const probe = (duration: number): ShotProbe => ({
  width: 320,
  height: 240,
  fps: 24,
  duration,
  hasAudio: true,
});

describe('placeCues', () => {
  it('starts each cue where its shot begins in the cut, crossfades included', () => {
    const shots = [probe(4), probe(3), probe(5)];
    const plan = assemblyPlan(shots, ['crossfade', 'cut']);
    // The second shot's fade begins 0.5 s before the first shot ends; the third follows by a cut.
    expect(plan.starts).toEqual([0, 3.5, 6.5]);
    const cues = placeCues(
      [
        { shot: 2, text: 'c' },
        { shot: 0, text: 'a' },
        { shot: 1, text: 'b' },
      ],
      plan.starts,
      shots.map((s) => s.duration),
      plan.duration,
    );
    expect(cues.map((c) => [c.start, c.end, c.text])).toEqual([
      [0, 3.5, 'a'],
      [3.5, 6.5, 'b'],
      [6.5, 11.5, 'c'],
    ]);
  });

  it('ends a cue with its narration when the spoken length is known, never over the next cue', () => {
    const cues = placeCues(
      [
        { shot: 0, text: 'short line' },
        { shot: 1, text: 'long line' },
        { shot: 2, text: 'last' },
      ],
      [0, 2, 4],
      [2, 2, 2],
      6,
      new Map([
        [0, 1.2],
        [1, 9],
      ]),
    );
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 1.2],
      [2, 4],
      [4, 6],
    ]);
  });
});

describe('webVtt', () => {
  it('writes one numbered cue per caption, as text and never markup', () => {
    const vtt = webVtt([
      { shot: 0, start: 0, end: 1.5, text: 'a <b>bold</b> --> move\n\n& go' },
      { shot: 1, start: 61.25, end: 3725.001, text: '第二行' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n' +
        '1\n00:00:00.000 --> 00:00:01.500\na &lt;b&gt;bold&lt;/b&gt; --&gt; move\n&amp; go\n\n' +
        '2\n00:01:01.250 --> 01:02:05.001\n第二行\n',
    );
  });
});

describe('burnFilters', () => {
  it('draws CJK captions in the CJK face and reads every caption from a file, not the graph', () => {
    const { filters, lines } = burnFilters(
      [
        { shot: 0, start: 0, end: 2, text: "It's: [a], b; c" },
        { shot: 1, start: 2, end: 4, text: '码头上的追逐' },
      ],
      1280,
      720,
      (n) => `/tmp/line-${n}.txt`,
    );
    expect(lines.map((l) => l.text)).toEqual(["It's: [a], b; c", '码头上的追逐']);
    expect(filters).toHaveLength(2);
    expect(filters.join(',')).not.toContain('追逐');
    expect(filters.join(',')).not.toContain('[a]');
    expect(filters[0]).toContain(`fontfile=${FONT_REGULAR.replace(/:/g, '\\\\:')}`);
    // The bundled CJK face, or the machine's own when fontconfig offers one: never DejaVu (tofu).
    expect(filters[1]).not.toContain('DejaVu');
    expect(fontOf(filters[1]!)).toBe(fontFor('码头上的追逐'));
    expect(filters[1]).toContain("enable='gte(t,2)*lt(t,4)'");
  });

  it('wraps a long caption to at most three centred lines', () => {
    const { lines, filters } = burnFilters(
      [{ shot: 0, start: 0, end: 2, text: 'word '.repeat(80) }],
      320,
      240,
      (n) => `/tmp/l${n}.txt`,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]!.text.endsWith('…')).toBe(true);
    for (const f of filters) expect(f).toContain('x=(w-text_w)/2');
  });
});
