import fs from 'node:fs/promises';
import path from 'node:path';
import {
  abortReason,
  afterPreparing,
  encodeDeadlineMs,
  filterValue,
  FfmpegError,
  h264Options,
  renderInScratch,
  runFfmpeg,
} from './ffmpeg';
import { checkedMedia } from './media-bounds';
import { prepareFirstFrame, RenderInputError } from './render-inputs';
import { fontFor } from './text-font';
import { VIDEO_FPS } from './render-video';

export interface DigitalHumanRenderInput {
  outPath: string;
  /** Local path of the avatar image (ffmpeg reads local files only: decision 098). */
  avatar: string;
  /** How a failure names the avatar (the URL it came from). */
  avatarShownAs?: string;
  /** Local path of the speech (any format ffmpeg reads; a video's audio track works too). */
  audio: string;
  /** Shown as a caption when given (the task's `name`). */
  name?: string;
  /** Frame size; by default 720p in the avatar's orientation (portrait 720x1280, landscape 1280x720, square 720x720). */
  width?: number;
  height?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const PREPARE_SHARE = 0.05;

/**
 * Renders the local stand-in for a talking avatar (decision 036): the avatar image, breathing with
 * a slow zoom and sway, a live waveform of the speech along the bottom, and the speech itself as
 * the AAC track. The video is exactly as long as the audio. Writes only `outPath`.
 */
export async function renderDigitalHumanVideo(input: DigitalHumanRenderInput): Promise<void> {
  const { outPath, signal, onProgress } = input;
  await renderInScratch('render-dh-', outPath, async (work) => {
    const speech = await checkedMedia(input.audio, signal).catch((err: Error) => {
      if (signal?.aborted) throw abortReason(signal);
      throw new RenderInputError(`The audio could not be read (${err.message})`, { cause: err });
    });
    if (!speech.hasAudio) throw new RenderInputError('The audio has no sound track');
    if (!(speech.duration > 0)) throw new RenderInputError('The audio has no duration');
    const duration = speech.duration;
    const { width, height } =
      input.width && input.height
        ? { width: input.width, height: input.height }
        : await frameFor(input.avatar, signal);

    const avatarPng = path.join(work, 'avatar.png');
    await prepareFirstFrame(input.avatar, avatarPng, width, height, signal, input.avatarShownAs).catch(
      (err: Error) => {
        if (err instanceof RenderInputError)
          throw new RenderInputError(err.message.replace('The first-frame image', 'The avatar image'));
        throw err;
      },
    );
    onProgress?.(PREPARE_SHARE);

    const short = Math.min(width, height);
    const waveHeight = Math.round((short * 0.16) / 2) * 2;
    const margin = Math.round(short * 0.05);
    const frames = Math.ceil(duration * VIDEO_FPS);
    const graph = [
      // Breathing: zoom swells 2-5 % over a 5 s cycle while the framing drifts a little upward.
      // One decoded avatar frame makes every output frame (d=), instead of decoding a looped PNG per frame.
      `[0:v]format=yuv420p,zoompan=z='1.035+0.015*sin(2*PI*on/${VIDEO_FPS * 5})':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2-ih*0.006*sin(2*PI*on/${VIDEO_FPS * 7})':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS},format=yuv420p,setsar=1[face]`,
      `[1:a]aresample=44100,asplit=2[speech][forwave]`,
      `[forwave]volume=4,showwaves=s=${width - 2 * margin}x${waveHeight}:mode=cline:scale=sqrt:rate=${VIDEO_FPS}:colors=0xffffff,format=yuva420p,colorchannelmixer=aa=0.7[wave]`,
      `[face]drawbox=x=0:y=${height - waveHeight - 2 * margin}:w=${width}:h=${waveHeight + 2 * margin}:color=black@0.35:t=fill[base]`,
      `[base][wave]overlay=${margin}:${height - waveHeight - margin}:format=yuv420:shortest=1${await caption(input.name, work, short, margin)}[v]`,
    ];
    await runFfmpeg(
      [
        ...['-i', avatarPng],
        ...['-i', input.audio, '-filter_complex', graph.join(';'), '-map', '[v]', '-map', '[speech]'],
        ...h264Options(width, height, VIDEO_FPS),
        ...['-c:a', 'aac', '-b:a', '128k', '-frames:v', String(frames), '-t', duration.toFixed(3)],
        ...['-movflags', '+faststart', '-f', 'mp4', outPath],
      ],
      {
        signal,
        timeoutMs: encodeDeadlineMs(duration, width * height),
        durationSec: duration,
        onProgress: afterPreparing(onProgress, PREPARE_SHARE),
      },
    );
  });
}

/** A name caption in the top-left corner, drawn after the waveform (`,drawtext=...` or nothing). */
async function caption(
  name: string | undefined,
  work: string,
  short: number,
  margin: number,
): Promise<string> {
  const text = name?.trim();
  if (!text) return '';
  const file = path.join(work, 'name.txt');
  const shown = [...text].length > 40 ? `${[...text].slice(0, 39).join('')}…` : text;
  await fs.writeFile(file, shown);
  const size = Math.max(12, Math.round(short * 0.045));
  return (
    `,drawtext=fontfile=${filterValue(fontFor(shown, 'bold'))}:textfile=${filterValue(file)}:expansion=none:fontsize=${size}` +
    `:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=${Math.round(size * 0.4)}:x=${margin}:y=${margin}`
  );
}

/** 720p in the avatar's own orientation. */
async function frameFor(avatar: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const { width, height } = await imageSize(avatar, signal);
  if (Math.abs(width - height) / Math.max(width, height) < 0.1) return { width: 720, height: 720 };
  return width > height ? { width: 1280, height: 720 } : { width: 720, height: 1280 };
}

/** The avatar's size, from the same probe and bounds as every user image (decision 353). */
async function imageSize(source: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  try {
    const { picture } = await checkedMedia(source, signal);
    if (picture?.width && picture.height) return { width: picture.width, height: picture.height };
    throw new FfmpegError('it holds no picture', '');
  } catch (err) {
    if (signal?.aborted) throw abortReason(signal);
    throw new RenderInputError(`The avatar image could not be read (${(err as Error).message})`, {
      cause: err,
    });
  }
}
