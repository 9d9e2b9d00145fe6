import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FFMPEG_PATH, filterValue } from './ffmpeg';
import { renderDigitalHumanVideo } from './render-digital-human';
import { renderVideo } from './render-video';
import { coverage, FONT_BOLD, FONT_CJK, FONT_REGULAR, fontFor, systemCjkFont } from './text-font';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'text-font-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const points = (text: string) => [...text].map((c) => c.codePointAt(0)!);

/** Every hanzi of GB2312 (levels 1 and 2, 6763 characters): the everyday Simplified Chinese set. */
function gb2312Hanzi(): string[] {
  const gbk = new TextDecoder('gbk');
  const out: string[] = [];
  for (let hi = 0xb0; hi <= 0xf7; hi++)
    for (let lo = 0xa1; lo <= 0xfe; lo++) {
      if (hi === 0xd7 && lo > 0xf9) continue; // unassigned cells at the end of level 1
      out.push(gbk.decode(new Uint8Array([hi, lo])));
    }
  return out;
}

/** `text` drawn white on black by drawtext in `font`, as raw grey pixels. */
async function drawn(text: string, font: string): Promise<Buffer> {
  const file = path.join(dir, `t-${Math.random().toString(36).slice(2)}.txt`);
  fs.writeFileSync(file, text);
  const { stdout } = await run(
    FFMPEG_PATH,
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=320x60', '-frames:v', '1'],
      '-vf',
      `drawtext=fontfile=${filterValue(font)}:textfile=${filterValue(file)}:expansion=none:fontsize=36:fontcolor=white:x=8:y=10`,
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    ],
    { encoding: 'buffer' },
  );
  return stdout;
}

/** Share of pixels whose grey level differs by more than 40. */
function differing(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) n++;
  return n / a.length;
}

describe('fontFor', () => {
  it('sets Latin, Greek and Cyrillic in DejaVu, regular or bold', () => {
    expect(fontFor('A lighthouse at dusk, Ωμέγα, Привет', 'regular', null)).toBe(FONT_REGULAR);
    expect(fontFor('AI generated · Media Studio', 'bold', null)).toBe(FONT_BOLD);
  });

  it('sets Chinese (mixed with English and full-width punctuation) in a font with every glyph of it', () => {
    const prompt = '一只猫在月光下的屋顶上散步，电影感 cinematic 4K。';
    expect(fontFor(prompt, 'regular', null)).toBe(FONT_CJK);
    expect(fontFor('@主角', 'bold', null)).toBe(FONT_CJK);
    const chosen = fontFor(prompt);
    expect(coverage(chosen, points(prompt.replace(/\s/g, '')))).toBe(
      points(prompt.replace(/\s/g, '')).length,
    );
  });

  it('prefers the fontconfig font when it covers the text, and passes over one that does not', () => {
    expect(fontFor('你好', 'regular', FONT_CJK)).toBe(FONT_CJK);
    // A "system" font without CJK (what fc-match answers on a machine with none) is not taken.
    expect(fontFor('你好', 'regular', FONT_REGULAR)).toBe(FONT_CJK);
    const system = systemCjkFont();
    if (system && coverage(system, points('你好')) === 2) expect(fontFor('你好')).toBe(system);
    else expect(fontFor('你好')).toBe(FONT_CJK);
  });

  it('ships a CJK font covering every GB2312 hanzi, CJK punctuation and ASCII', () => {
    const hanzi = gb2312Hanzi();
    expect(hanzi).toHaveLength(6763);
    const ascii = Array.from({ length: 95 }, (_, i) => 0x20 + i);
    const wanted = [...points(hanzi.join('')), ...points('，。、；：？！“”‘’（）《》【】…—'), ...ascii];
    expect(coverage(FONT_CJK, wanted)).toBe(wanted.length);
    expect(coverage(FONT_REGULAR, points('你好'))).toBe(0);
  });
});

describe('Chinese text drawn by ffmpeg', () => {
  it('draws glyphs, not boxes: two different phrases look different in the chosen font but alike in DejaVu', async () => {
    const [a, b] = ['你好世界', '山水花鸟'];
    // The control: DejaVu has no hanzi, so both phrases come out as the same row of boxes.
    expect(differing(await drawn(a, FONT_REGULAR), await drawn(b, FONT_REGULAR))).toBe(0);
    expect(differing(await drawn(a, fontFor(a)), await drawn(b, fontFor(b)))).toBeGreaterThan(0.02);
    expect(differing(await drawn(a, fontFor(a)), await drawn(a, FONT_REGULAR))).toBeGreaterThan(0.02);
  });

  it('renders a Chinese prompt card with glyphs in a video', async () => {
    const red = path.join(dir, 'red.png');
    await run(FFMPEG_PATH, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x204060:s=320x180',
      '-frames:v',
      '1',
      red,
    ]);
    const frameOf = async (prompt: string) => {
      const outPath = path.join(dir, `${prompt}.mp4`);
      await renderVideo({
        ...{ outPath, width: 640, height: 360, durationSec: 2, prompt, firstFrame: red },
        ...{ audio: false, watermark: false, references: [] },
      });
      const { stdout } = await run(
        FFMPEG_PATH,
        [
          '-v',
          'error',
          '-ss',
          '1.9',
          '-i',
          outPath,
          '-frames:v',
          '1',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'gray',
          'pipe:1',
        ],
        { encoding: 'buffer' },
      );
      return stdout;
    };
    // Same background, same layout: only the characters differ, and boxes would be identical.
    expect(differing(await frameOf('你好世界'), await frameOf('山水花鸟'))).toBeGreaterThan(0.002);
  });

  it("draws a digital human's Chinese name with glyphs", async () => {
    const avatar = path.join(dir, 'avatar.png');
    const audio = path.join(dir, 'voice.wav');
    await run(FFMPEG_PATH, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2a8f3c:s=200x200',
      '-frames:v',
      '1',
      avatar,
    ]);
    await run(FFMPEG_PATH, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=180:d=1', audio]);
    const frameOf = async (name: string) => {
      const outPath = path.join(dir, `dh-${name}.mp4`);
      await renderDigitalHumanVideo({ outPath, avatar, audio, name, width: 320, height: 320 });
      const { stdout } = await run(
        FFMPEG_PATH,
        [
          '-v',
          'error',
          '-ss',
          '0.5',
          '-i',
          outPath,
          '-frames:v',
          '1',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'gray',
          'pipe:1',
        ],
        { encoding: 'buffer' },
      );
      return stdout;
    };
    expect(differing(await frameOf('李小龙'), await frameOf('王大明'))).toBeGreaterThan(0.002);
  });
});
