/**
 * Pure layout for the video render: sizes relative to the frame's short side (so every ratio from
 * 1:4 to 4:1 and every resolution looks alike), prompt wrapping, a palette chosen by the prompt.
 */

/** FNV-1a: a stable 32-bit hash, so the same prompt always gets the same look and sound. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** East-Asian wide characters take about two Latin widths on screen. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

function width(text: string): number {
  let w = 0;
  for (const ch of text) w += isWide(ch.codePointAt(0)!) ? 2 : 1;
  return w;
}

/**
 * Wraps `text` to lines of at most `maxCols` Latin-width columns: at spaces where there are any,
 * anywhere between wide characters, and mid-word only for a word longer than a line. More than
 * `maxLines` lines end in an ellipsis. Control characters become spaces (a prompt's own newlines
 * are kept as breaks).
 */
export function wrapText(text: string, maxCols: number, maxLines: number): string[] {
  const lines: string[] = [];
  const cols = Math.max(4, maxCols);
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .split(/ +/)
      .filter(Boolean);
    let line = '';
    const push = () => {
      if (line) lines.push(line);
      line = '';
    };
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= cols) {
        line = candidate;
        continue;
      }
      push();
      // A word longer than a line (or a run of CJK text, which has no spaces): break by characters.
      let piece = '';
      for (const ch of word) {
        if (width(piece + ch) > cols) {
          lines.push(piece);
          piece = '';
        }
        piece += ch;
      }
      line = piece;
    }
    push();
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const full = kept[maxLines - 1]!;
    let last = full;
    while (last && width(last) + 1 > cols) last = [...last].slice(0, -1).join('');
    // Cut at a word boundary when the line has one, not mid-word.
    if (last !== full && full[last.length] !== ' ' && last.includes(' '))
      last = last.slice(0, last.lastIndexOf(' '));
    kept[maxLines - 1] = `${last.trimEnd()}…`;
    return kept;
  }
  return lines;
}

export type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** Three deep, related colours for the animated background, picked by the prompt. */
export function palette(seed: number): [Rgb, Rgb, Rgb] {
  const hue = seed % 360;
  const spread = 40 + ((seed >>> 9) % 50);
  return [
    hsl(hue, 0.62, 0.3),
    hsl((hue + spread) % 360, 0.7, 0.42),
    hsl((hue + 360 - spread) % 360, 0.55, 0.2),
  ];
}

export interface CardSlot {
  x: number;
  y: number;
}

export interface VideoLayout {
  margin: number;
  /** Reference cards: the picture box and the label strip under it. */
  card: { width: number; imageHeight: number; labelHeight: number; fontSize: number; gap: number };
  slots: CardSlot[];
  prompt: {
    fontSize: number;
    lineHeight: number;
    lines: string[];
    boxY: number;
    boxHeight: number;
    padding: number;
  };
  watermark: { fontSize: number };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Places the reference cards in rows from the top-left (as many as fit in two rows; `cards` is
 * how many there are) and the prompt in a band along the bottom.
 */
export function layoutVideo(width: number, height: number, prompt: string, cards: number): VideoLayout {
  const short = Math.min(width, height);
  const margin = Math.round(short * 0.05);
  const cardWidth = even(short * (width >= height ? 0.24 : 0.28));
  const imageHeight = even((cardWidth * 3) / 4);
  const cardFont = Math.max(10, Math.round(cardWidth * 0.085));
  const labelHeight = even(cardFont * 2);
  const gap = Math.round(short * 0.025);
  const perRow = Math.max(1, Math.floor((width - 2 * margin + gap) / (cardWidth + gap)));
  const slots: CardSlot[] = [];
  for (let i = 0; i < Math.min(cards, perRow * 2); i++) {
    const row = Math.floor(i / perRow);
    slots.push({
      x: margin + (i % perRow) * (cardWidth + gap),
      y: margin + row * (imageHeight + labelHeight + gap),
    });
  }

  const fontSize = Math.max(12, Math.round(short * 0.048));
  const lineHeight = Math.round(fontSize * 1.35);
  const padding = Math.round(fontSize * 0.8);
  const watermarkFont = Math.max(10, Math.round(short * 0.028));
  // DejaVu Sans averages ~0.55 em per Latin character.
  const cols = Math.floor((width - 2 * margin - 2 * padding) / (fontSize * 0.54));
  const lines = wrapText(prompt, cols, height > width ? 7 : 4);
  const boxHeight = lines.length * lineHeight + 2 * padding - Math.round(lineHeight - fontSize);
  const boxY = height - margin - Math.round(watermarkFont * 1.8) - boxHeight;
  return {
    margin,
    card: { width: cardWidth, imageHeight, labelHeight, fontSize: cardFont, gap },
    slots,
    prompt: { fontSize, lineHeight, lines, boxY, boxHeight, padding },
    watermark: { fontSize: watermarkFont },
  };
}
