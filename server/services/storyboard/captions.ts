import { filterValue } from '../../media/ffmpeg';
import { wrapText } from '../../media/render-layout';
import { fontFor } from '../../media/text-font';

/** One caption placed on the cut: seconds from the cut's start. */
export interface Cue {
  shot: number;
  start: number;
  end: number;
  text: string;
}

/** The shortest cue kept: a cue squeezed below this by the next one is still readable as a flash. */
const MIN_CUE_SEC = 0.2;

const round = (n: number) => Number(n.toFixed(3));

/**
 * The cues of `captions` on a cut whose shots begin at `starts` and last `durations`: each starts
 * at its shot's start and ends at the shot's end, or when its shot's narration ends if its spoken
 * length is known (`spoken[shot]`), never past the next cue's start nor past the cut's end, so
 * cues never overlap. Sorted by start.
 */
export function placeCues(
  captions: ReadonlyArray<{ shot: number; text: string }>,
  starts: readonly number[],
  durations: readonly number[],
  total: number,
  spoken: ReadonlyMap<number, number> = new Map(),
): Cue[] {
  const sorted = [...captions].sort((a, b) => a.shot - b.shot);
  return sorted.map((c, i) => {
    const start = starts[c.shot] ?? 0;
    const own = spoken.get(c.shot) ?? durations[c.shot] ?? 0;
    const next = sorted[i + 1];
    const limit = Math.min(total, next ? (starts[next.shot] ?? total) : total);
    const end = Math.max(Math.min(start + own, limit), Math.min(start + MIN_CUE_SEC, total));
    return { shot: c.shot, start: round(start), end: round(end), text: c.text };
  });
}

function timestamp(sec: number): string {
  const ms = Math.round(sec * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * Cue text as WebVTT payload: `&`, `<` and `>` escaped (a caption is text, never markup, and
 * "-->" could otherwise end the timing line), no blank line (it would end the cue).
 */
function cueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The WebVTT file of `cues`: one cue per caption, numbered from 1. */
export function webVtt(cues: readonly Cue[]): string {
  const body = cues.map(
    (c, i) => `${i + 1}\n${timestamp(c.start)} --> ${timestamp(c.end)}\n${cueText(c.text)}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}

/** A caption line drawn on the picture, and the file drawtext reads it from. */
export interface BurnLine {
  text: string;
  file: string;
}

/**
 * The drawtext filters that burn `cues` into a `width`x`height` picture: each caption wrapped to at
 * most three lines, each line centred on its own (the bundled 2018 drawtext cannot centre the
 * lines of one text), white on a translucent box near the bottom, shown from the cue's start until its
 * end. The text is read from files (`lineFile(n)`, written by the caller from the returned lines),
 * never put into the graph, so no caption can be read as filter syntax; its font is the one
 * text-font.ts picks for it, so CJK text is drawn in a CJK face.
 */
export function burnFilters(
  cues: readonly Cue[],
  width: number,
  height: number,
  lineFile: (n: number) => string,
): { filters: string[]; lines: BurnLine[] } {
  const fontSize = Math.max(12, Math.round(height * 0.05));
  const lineHeight = Math.round(fontSize * 1.3);
  const margin = Math.round(height * 0.06);
  // A Latin column of DejaVu Sans is about 0.6 of the size; wide (CJK) characters take two.
  const cols = Math.floor((width * 0.9) / (fontSize * 0.6));
  const filters: string[] = [];
  const lines: BurnLine[] = [];
  for (const cue of cues) {
    const wrapped = wrapText(cue.text, cols, 3);
    const font = filterValue(fontFor(wrapped.join('\n')));
    wrapped.forEach((text, row) => {
      const file = lineFile(lines.length);
      lines.push({ text, file });
      const y = height - margin - (wrapped.length - row) * lineHeight;
      filters.push(
        [
          `drawtext=fontfile=${font}:textfile=${filterValue(file)}:expansion=none`,
          `fontsize=${fontSize}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=${Math.round(fontSize * 0.25)}`,
          `x=(w-text_w)/2:y=${y}:enable='gte(t,${cue.start})*lt(t,${cue.end})'`,
        ].join(':'),
      );
    });
  }
  return { filters, lines };
}
