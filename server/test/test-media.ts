/**
 * Test helpers for the renderers: ffprobe a result, read a frame's average colour, make inputs
 * with ffmpeg itself. Used by the media tests only.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG_PATH } from '../media/ffmpeg';
import { FFPROBE_PATH } from '../media/probe';

const run = promisify(execFile);

export interface ProbedFile {
  duration: number;
  video?: { codec: string; width: number; height: number; pixFmt: string; frames: number; fps: number };
  audio?: { codec: string; duration: number; sampleRate: number };
  tags: Record<string, string>;
}

interface RawStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  nb_frames?: string;
  avg_frame_rate?: string;
  duration?: string;
  sample_rate?: string;
}

export async function probeFile(file: string): Promise<ProbedFile> {
  const { stdout } = await run(FFPROBE_PATH, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const out = JSON.parse(stdout) as {
    streams: RawStream[];
    format: { duration: string; tags?: Record<string, string> };
  };
  const v = out.streams.find((s) => s.codec_type === 'video');
  const a = out.streams.find((s) => s.codec_type === 'audio');
  const [num, den] = (v?.avg_frame_rate ?? '0/1').split('/').map(Number);
  return {
    duration: Number(out.format.duration),
    video: v && {
      codec: v.codec_name,
      width: v.width!,
      height: v.height!,
      pixFmt: v.pix_fmt!,
      frames: Number(v.nb_frames),
      fps: num! / (den || 1),
    },
    audio: a && { codec: a.codec_name, duration: Number(a.duration), sampleRate: Number(a.sample_rate) },
    tags: Object.fromEntries(Object.entries(out.format.tags ?? {}).map(([k, val]) => [k.toLowerCase(), val])),
  };
}

export async function ffmpeg(args: string[]): Promise<void> {
  await run(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** Average RGB of the frame at `atSec` (0 = the very first frame). */
export async function averageColor(file: string, atSec = 0): Promise<[number, number, number]> {
  const seek = atSec > 0 ? ['-ss', String(atSec)] : [];
  const { stdout } = await promisify(execFile)(
    FFMPEG_PATH,
    [
      '-v',
      'error',
      ...seek,
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=1:1:flags=area',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer' },
  );
  return [stdout[0]!, stdout[1]!, stdout[2]!];
}

/** RMS level of an audio file (0 = silence). */
export async function rmsLevel(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    FFMPEG_PATH,
    ['-v', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  let sum = 0;
  const n = Math.floor(stdout.length / 2);
  for (let i = 0; i < n; i++) sum += (stdout.readInt16LE(i * 2) / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, n));
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Whether any running process still has `needle` on its command line (Linux /proc). */
export function processWithArg(needle: string): boolean {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) return true;
    } catch {
      // The process ended while we looked.
    }
  }
  return false;
}

export const fixture = (name: string) => path.resolve('e2e/fixtures', name);

/**
 * A GIF whose canvas is `width`×`height` and that holds `frames` frames of one pixel each: 23
 * bytes a frame, while a decoder produces the whole canvas per frame (issue 41's frame bomb).
 */
export function gifFrameBomb(width: number, height: number, frames: number): Buffer {
  const u16 = (v: number) => [v & 255, (v >> 8) & 255];
  const head = Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...u16(width),
    ...u16(height),
    0x80, // a global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 0, 0],
  ]);
  // Graphic control (40 ms), an image descriptor of 1×1 at 0,0, LZW data: clear, index 0, end.
  const frame = Buffer.from([
    0x21, 0xf9, 4, 0, 4, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0,
  ]);
  return Buffer.concat([head, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/**
 * An HLS playlist naming `segment` by its absolute path: the text an upload declared as video/mp4
 * used to make ffmpeg read any local media file (issue 41).
 */
export function playlistNaming(segment: string): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${segment}\n#EXT-X-ENDLIST\n`;
}

/** A one-second red clip in MPEG-TS: the local file a playlist names, whose colour must never come back. */
export async function redCanary(dir: string): Promise<string> {
  const file = path.join(dir, 'canary.ts');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=64x64:r=10:d=1',
    '-c:v',
    'mpeg2video',
    '-f',
    'mpegts',
    file,
  ]);
  return file;
}
