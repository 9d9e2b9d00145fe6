import fs from 'node:fs/promises';
import path from 'node:path';
import { FfmpegError, filterValue, runFfmpeg } from './ffmpeg';
import { checkedMedia } from './media-bounds';
import { fontFor } from './text-font';

/** A reference that could not be read, with which one it was: the task's error names it. */
export class RenderInputError extends Error {
  override name = 'RenderInputError';
}

export interface CardInput {
  kind: 'image' | 'video' | 'audio';
  /** A local file (task references are fetched by the URL guard first: decision 098). */
  source: string;
  label: string;
  /** How a failure names the source (the URL it was fetched from); its file name by default. */
  shownAs?: string;
}

/** A source's file name, never a query string (a URL given by mistake may carry a token in it). */
function fileName(source: string): string {
  return path.basename(source.split(/[?#]/)[0]!);
}

async function step(what: string, shownAs: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // ffmpeg's own text names scratch paths and internals: it is the cause, for the log only. A
    // refusal of this server's own (no ffmpeg output) says what is wrong and is shown as it is.
    const own = err instanceof FfmpegError && !err.stderrTail;
    const why = own ? (err as Error).message : 'it is not media ffmpeg can decode';
    throw new RenderInputError(`${what} ${shownAs} could not be read (${why})`, { cause: err });
  }
}

/**
 * The first-frame image at exactly `width`x`height`: fitted whole, on a blurred, darkened copy of
 * itself that fills the rest (so a picture of another shape is neither cropped nor boxed in black).
 */
export async function prepareFirstFrame(
  source: string,
  outPng: string,
  width: number,
  height: number,
  signal?: AbortSignal,
  shownAs = fileName(source),
): Promise<void> {
  const blur = Math.max(4, Math.round(Math.min(width, height) / 40));
  const graph = [
    `[0:v]format=rgb24,split=2[a][b]`,
    `[a]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},boxblur=${blur}:2,eq=brightness=-0.12:saturation=0.8[bg]`,
    `[b]scale=${width}:${height}:force_original_aspect_ratio=decrease[fg]`,
    `[bg][fg]overlay=(W-w)/2:(H-h)/2,setsar=1[v]`,
  ].join(';');
  await step('The first-frame image', shownAs, async () => {
    await checkedMedia(source, signal);
    await runFfmpeg(['-i', source, '-filter_complex', graph, '-map', '[v]', '-frames:v', '1', outPng], {
      signal,
      timeoutMs: 60_000,
    });
  });
}

/**
 * A reference card: the reference's picture (an image, a video's opening frame, an audio file's
 * waveform) fitted in a `w`x`imageHeight` box, and its label (`@alias` or role) in a strip under it.
 */
export async function prepareCard(
  card: CardInput,
  outPng: string,
  dims: { width: number; imageHeight: number; labelHeight: number; fontSize: number },
  labelFile: string,
  signal?: AbortSignal,
): Promise<void> {
  const { width: w, imageHeight: h, labelHeight, fontSize } = dims;
  const total = h + labelHeight;
  await fs.writeFile(labelFile, card.label);
  const picture =
    card.kind === 'audio'
      ? `[0:a]aformat=channel_layouts=mono,showwavespic=s=${w - 16}x${h - 16}:colors=0x9ad7ff,format=rgba,pad=${w}:${h}:8:8:color=0x10131c[pic]`
      : `[0:v]trim=end_frame=1,format=rgb24,scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=0x10131c[pic]`;
  const label = [
    `drawtext=fontfile=${filterValue(fontFor(card.label, 'bold'))}:textfile=${filterValue(labelFile)}:expansion=none`,
    `fontsize=${fontSize}:fontcolor=white:x=(w-text_w)/2:y=${h}+(${labelHeight}-${fontSize})/2`,
  ].join(':');
  const graph = [
    picture,
    `color=c=0x10131c:s=${w}x${total}:d=1[card]`,
    `[card][pic]overlay=0:0,drawbox=x=0:y=0:w=${w}:h=${total}:color=white@0.55:t=2,${label}[v]`,
  ].join(';');
  const what =
    card.kind === 'image'
      ? 'The reference image'
      : card.kind === 'video'
        ? 'The reference video'
        : 'The reference audio';
  await step(what, card.shownAs ?? fileName(card.source), async () => {
    await checkedMedia(card.source, signal);
    await runFfmpeg(['-i', card.source, '-filter_complex', graph, '-map', '[v]', '-frames:v', '1', outPng], {
      signal,
      timeoutMs: 60_000,
    });
  });
}
