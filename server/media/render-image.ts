import fs from 'node:fs/promises';
import path from 'node:path';
import { filterValue, runFfmpeg } from './ffmpeg';
import { hash32 } from './render-layout';
import { fontFor } from './text-font';

/**
 * A small generated image for the image-generation capability (decision 291): a colour field
 * chosen by the prompt, with the prompt written on it, as a PNG of the asked size.
 */
export async function renderImage(input: {
  outPath: string;
  prompt: string;
  width: number;
  height: number;
  signal?: AbortSignal;
}): Promise<void> {
  const { outPath, prompt, width, height } = input;
  const hue = hash32(prompt) % 360;
  const textFile = `${outPath}.txt`;
  // Wrapped by words at about 28 characters a line; at most 8 lines on the image.
  const lines: string[] = [];
  for (const word of prompt.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 28) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.slice(0, 40));
  }
  await fs.writeFile(textFile, lines.slice(0, 8).join('\n') || ' ');
  const size = Math.max(12, Math.round(Math.min(width, height) / 16));
  try {
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        `color=c=black:s=${width}x${height}:d=1`,
        '-vf',
        [
          `hue=h=${hue}:s=1`,
          `geq=r='40+${hue % 120}+X/W*80':g='60+Y/H*100':b='120+${(hue * 7) % 100}'`,
          `drawtext=fontfile=${filterValue(fontFor(prompt))}:textfile=${filterValue(textFile)}:expansion=none:fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=(h-text_h)/2:line_spacing=${Math.round(size / 3)}`,
        ].join(','),
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'png',
        outPath,
      ],
      { signal: input.signal, timeoutMs: 60_000 },
    );
  } finally {
    await fs.rm(textFile, { force: true });
  }
  await fs.access(path.resolve(outPath));
}
