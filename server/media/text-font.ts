import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { create, type Font } from 'fontkitten';
import { PROJECT_ROOT } from '../root';

const FONT_DIR = path.join(PROJECT_ROOT, 'server/media/fonts');
export const FONT_REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
export const FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');
/**
 * WenQuanYi Micro Hei (Apache-2.0): every GB2312 hanzi plus CJK punctuation and Latin, so a mixed
 * Chinese and English prompt is drawn in one face (decision 131).
 */
export const FONT_CJK = path.join(FONT_DIR, 'wqy-microhei.ttc');

export type FontWeight = 'regular' | 'bold';

const fonts = new Map<string, Font | null>();

/** The first face of `file` (a .ttc holds several), or null when it cannot be read. */
function load(file: string): Font | null {
  if (!fonts.has(file)) {
    try {
      const parsed = create(fs.readFileSync(file));
      fonts.set(file, 'fonts' in parsed ? (parsed.fonts[0] ?? null) : parsed);
    } catch {
      fonts.set(file, null);
    }
  }
  return fonts.get(file)!;
}

let systemFont: string | null | undefined;

/**
 * The sans-serif fontconfig would pick for Simplified Chinese, when the machine has fontconfig: a
 * system font is kept up to date by the distribution and may cover more than the bundled one. It is
 * only a candidate; coverage of the actual text decides (a machine without CJK fonts answers DejaVu).
 */
export function systemCjkFont(): string | null {
  if (systemFont === undefined) {
    try {
      const [file = '', index = '0'] = execFileSync(
        'fc-match',
        ['-f', '%{file}|%{index}', 'sans-serif:lang=zh-cn'],
        {
          encoding: 'utf8',
          timeout: 5_000,
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      )
        .trim()
        .split('|');
      // drawtext opens the first face of a collection; Noto Sans CJK's Simplified Chinese face is the
      // third of its .ttc, and the first (Japanese) draws some hanzi in Japanese forms: not taken.
      systemFont = /\.(ttf|ttc|otf|otc)$/i.test(file) && index === '0' && fs.existsSync(file) ? file : null;
    } catch {
      systemFont = null;
    }
  }
  return systemFont;
}

/** Code points that need a glyph: spaces and control characters draw nothing. */
function codePoints(text: string): number[] {
  const seen = new Set<number>();
  for (const ch of text) if (!/[\s\p{Cc}]/u.test(ch)) seen.add(ch.codePointAt(0)!);
  return [...seen];
}

/** How many of `points` `file` has a glyph for (0 when the file cannot be read). */
export function coverage(file: string, points: number[]): number {
  const font = load(file);
  if (!font) return 0;
  return points.filter((p) => font.hasGlyphForCodePoint(p)).length;
}

/**
 * The font one drawn text (a prompt, a label, the watermark, a name) is set in: DejaVu when it
 * covers every character (Latin, Greek, Cyrillic...), else the fontconfig CJK font, else the
 * bundled CJK font; with none complete, the one that covers most. drawtext takes one font per
 * filter, so the choice is per text rather than per character.
 */
export function fontFor(text: string, weight: FontWeight = 'regular', system = systemCjkFont()): string {
  const points = codePoints(text);
  const latin = weight === 'bold' ? FONT_BOLD : FONT_REGULAR;
  const candidates = [latin, ...(system ? [system] : []), FONT_CJK];
  let best = latin;
  let bestCount = -1;
  for (const file of candidates) {
    const count = coverage(file, points);
    if (count === points.length) return file;
    if (count > bestCount) [best, bestCount] = [file, count];
  }
  return best;
}
