import fs from 'node:fs/promises';
import path from 'node:path';
import {
  afterPreparing,
  encodeDeadlineMs,
  filterValue,
  h264Options,
  renderInScratch,
  runFfmpeg,
} from './ffmpeg';
import { prepareCard, prepareFirstFrame, type CardInput } from './render-inputs';
import { fontFor } from './text-font';
import { hash32, layoutVideo, palette, type Rgb } from './render-layout';
import { soundtrackSource } from './soundtrack';
import { LOCAL_VIDEO_FPS } from '@contract/usage';

export interface VideoRenderInput {
  outPath: string;
  width: number;
  height: number;
  durationSec: number;
  prompt: string;
  audio: boolean;
  watermark: boolean;
  /** Local path of an image (ffmpeg reads local files only: decision 098). */
  firstFrame?: string;
  /** How a failure names the first frame (the URL it came from). */
  firstFrameShownAs?: string;
  references: {
    alias?: string;
    role: string;
    kind: 'image' | 'video' | 'audio';
    source: string;
    shownAs?: string;
  }[];
  signal?: AbortSignal;
  /** 0..1; reaches 1 when the file is complete. */
  onProgress?: (fraction: number) => void;
}

export const VIDEO_FPS = LOCAL_VIDEO_FPS;
export const WATERMARK_TEXT = 'AI generated · Media Studio';
/** With a first frame, the overlays appear after it has been seen alone for this long. */
const OVERLAY_START_SEC = 0.8;
/** Share of the progress bar for reading the first frame and references, before the main pass. */
const PREPARE_SHARE = 0.08;

/**
 * Renders the local stand-in for a generated video (decision 036): an animated gradient (or the
 * first-frame image, slowly zooming), reference cards labelled `@alias`, the prompt, an optional
 * watermark and an optional soundtrack. H.264/yuv420p MP4 with faststart, exactly `durationSec`
 * long at `width`x`height`. Writes only `outPath` (removed again when the render fails).
 */
export async function renderVideo(input: VideoRenderInput): Promise<void> {
  const { outPath, width, height, durationSec: duration, signal, onProgress } = input;
  if (width % 2 || height % 2 || width < 16 || height < 16)
    throw new RangeError(`${width}x${height} is not an even frame size`);
  if (!(duration > 0)) throw new RangeError(`duration ${duration} is not positive`);
  await renderInScratch('render-video-', outPath, async (work) => {
    const seed = hash32(input.prompt);
    const layout = layoutVideo(width, height, input.prompt, input.references.length);
    const cardFiles = await prepareCards(input, layout, work, signal);
    let firstFramePng: string | undefined;
    if (input.firstFrame) {
      firstFramePng = path.join(work, 'first-frame.png');
      await prepareFirstFrame(
        input.firstFrame,
        firstFramePng,
        width,
        height,
        signal,
        input.firstFrameShownAs,
      );
    }
    onProgress?.(PREPARE_SHARE);

    const promptFile = path.join(work, 'prompt.txt');
    const watermarkFile = path.join(work, 'watermark.txt');
    await fs.writeFile(promptFile, layout.prompt.lines.join('\n'));
    await fs.writeFile(watermarkFile, WATERMARK_TEXT);

    const args: string[] = [];
    if (firstFramePng) args.push('-i', firstFramePng);
    else args.push('-f', 'lavfi', '-i', gradientSource(width, height, duration));
    for (const file of cardFiles) args.push('-i', file);
    const audioIndex = 1 + cardFiles.length;
    if (input.audio) args.push('-f', 'lavfi', '-i', soundtrackSource(duration, seed));

    const start = firstFramePng ? OVERLAY_START_SEC : 0;
    // A fractional duration (4.5 s) still needs a whole number of frames; -t cuts to the exact length.
    const frames = Math.ceil(duration * VIDEO_FPS);
    const graph: string[] = [
      firstFramePng
        ? // A slow push-in; the first output frame is the image itself (zoom 1). One decoded input
          // frame makes every output frame (d=): looping the PNG would decode it 24 times a second.
          `[0:v]format=yuv420p,zoompan=z='1+0.05*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS},format=yuv420p,setsar=1[l0]`
        : `[0:v]format=rgb24,${gradientGeq(palette(seed))},format=yuv420p,scale=${width}:${height}:flags=bicubic,setsar=1[l0]`,
    ];
    cardFiles.forEach((_, i) => {
      const slot = layout.slots[i]!;
      // Cards in the main chain's own pixel format: a mixed-format overlay converts every full frame.
      graph.push(`[${i + 1}:v]format=yuv420p[c${i}]`);
      graph.push(
        `[l${i}][c${i}]overlay=${slot.x}:${slot.y}:format=yuv420:enable='gte(t,${start})'[l${i + 1}]`,
      );
    });
    const fadeIn = `alpha='min(1,max(0,(t-${start})/0.4))'`;
    const { prompt, margin } = layout;
    const text: string[] = [];
    if (prompt.lines.length) {
      text.push(
        `drawbox=x=${margin}:y=${prompt.boxY}:w=${width - 2 * margin}:h=${prompt.boxHeight}:color=black@0.42:t=fill:enable='gte(t,${start})'`,
        [
          `drawtext=fontfile=${filterValue(fontFor(prompt.lines.join('\n')))}:textfile=${filterValue(promptFile)}:expansion=none`,
          `fontsize=${prompt.fontSize}:fontcolor=white:line_spacing=${prompt.lineHeight - prompt.fontSize}`,
          `x=${margin + prompt.padding}:y=${prompt.boxY + prompt.padding}:shadowcolor=black@0.5:shadowx=1:shadowy=1:${fadeIn}`,
        ].join(':'),
      );
    }
    if (input.watermark) {
      text.push(
        [
          `drawtext=fontfile=${filterValue(fontFor(WATERMARK_TEXT, 'bold'))}:textfile=${filterValue(watermarkFile)}:expansion=none`,
          `fontsize=${layout.watermark.fontSize}:fontcolor=white@0.8:shadowcolor=black@0.6:shadowx=1:shadowy=1`,
          `x=w-text_w-${margin}:y=h-text_h-${Math.round(margin * 0.6)}:${fadeIn}`,
        ].join(':'),
      );
    }
    graph.push(`[l${cardFiles.length}]${[...text, 'format=yuv420p'].join(',')}[v]`);
    if (input.audio) {
      const fadeOut = Math.min(0.8, duration / 4);
      graph.push(
        `[${audioIndex}:a]aresample=44100,afade=t=in:d=0.2,afade=t=out:st=${duration - fadeOut}:d=${fadeOut}[a]`,
      );
    }

    args.push('-filter_complex', graph.join(';'), '-map', '[v]');
    if (input.audio) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '128k', '-ac', '2');
    else args.push('-an');
    args.push(
      ...h264Options(width, height, VIDEO_FPS),
      ...['-t', String(duration), '-movflags', '+faststart', '-f', 'mp4', outPath],
    );
    await runFfmpeg(args, {
      signal,
      timeoutMs: encodeDeadlineMs(duration, width * height),
      durationSec: duration,
      onProgress: afterPreparing(onProgress, PREPARE_SHARE),
    });
  });
}

async function prepareCards(
  input: VideoRenderInput,
  layout: ReturnType<typeof layoutVideo>,
  work: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const maxChars = Math.max(4, Math.floor(layout.card.width / (layout.card.fontSize * 0.62)));
  const files: string[] = [];
  // One at a time: each is a short ffmpeg run, and the machine's cores belong to the main pass.
  for (const [i, ref] of input.references.slice(0, layout.slots.length).entries()) {
    const name = ref.alias ? `@${ref.alias}` : ref.role.replace(/_/g, ' ');
    const label = [...name].length > maxChars ? `${[...name].slice(0, maxChars - 1).join('')}…` : name;
    const card: CardInput = {
      kind: ref.kind,
      source: ref.source,
      label,
      ...(ref.shownAs ? { shownAs: ref.shownAs } : {}),
    };
    const file = path.join(work, `card-${i}.png`);
    await prepareCard(card, file, layout.card, path.join(work, `card-${i}.txt`), signal);
    files.push(file);
  }
  return files;
}

/**
 * The background is computed on a grid of about 32 columns and scaled up: `geq` evaluates its
 * expression per pixel and channel (at 1/20 of 1080p that alone was 4.5 s of CPU for 15 s), and
 * two waves longer than the frame are exactly as smooth from 32 samples across.
 */
function gradientSource(width: number, height: number, duration: number): string {
  const step = Math.max(width, height) / 32;
  const w = Math.max(8, Math.round(width / step));
  const h = Math.max(8, Math.round(height / step));
  return `color=c=black:s=${w}x${h}:r=${VIDEO_FPS}:d=${duration}`;
}

/** Two slow waves crossing each other blend the three palette colours (each wave computed once per pixel). */
function gradientGeq([a, b, c]: [Rgb, Rgb, Rgb]): string {
  const waves = `st(0,0.5+0.5*sin(2*PI*(X/W*0.8+Y/H*0.5)+T*0.55));st(1,0.5+0.5*sin(2*PI*(Y/H*0.9-X/W*0.35)-T*0.4+1.3))`;
  const channel = (i: 0 | 1 | 2) =>
    `'${waves};(${a[i]}*(1-ld(0))+${b[i]}*ld(0))*(1-0.6*ld(1))+${c[i]}*0.6*ld(1)'`;
  return `geq=r=${channel(0)}:g=${channel(1)}:b=${channel(2)}`;
}
