import fs from 'node:fs';
import { withFfmpegSlot } from '../../media/ffmpeg-pool';
import { boundsProblem } from '../../media/media-bounds';
import { unsupportedContainer, userMediaArgs } from '../../media/media-input';
import { maxAllocArgs, memoryFailure, spawnMedia } from '../../media/media-process';
import { FFPROBE_PATH } from '../../media/probe';

/** What assembling needs to know of one shot. */
export interface ShotProbe {
  width: number;
  height: number;
  /** Frames per second of the video stream (its average rate). */
  fps: number;
  /** Seconds of the video stream (the container's when the stream states none). */
  duration: number;
  hasAudio: boolean;
  videoCodec?: string;
  audioCodec?: string;
  pixFmt?: string;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  const fps = num && den ? num / den : Number(num);
  return Number.isFinite(fps) && fps > 0 ? fps : 0;
}

/**
 * ffprobe of a local file, killed past `timeoutMs`: opened as user media only (the file alone, in
 * one of USER_MEDIA_FORMATS: decisions 098, 353), and held to the picture bounds of every upload.
 */
export function probeShot(file: string, timeoutMs = 15_000): Promise<ShotProbe> {
  const args = ['-v', 'error', ...maxAllocArgs(), '-print_format', 'json', '-show_format', '-show_streams'];
  args.push(...userMediaArgs(), '-pattern_type', 'none', '--', file);
  return new Promise((resolve, reject) => {
    const child = spawnMedia(FFPROBE_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`ffprobe could not start (${err.message})`));
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      if (code !== 0) {
        const memory = memoryFailure('ffprobe', sig, stderr);
        if (memory) return reject(new Error(memory));
        return void unsupportedContainer(file, stderr).then((container) =>
          reject(new Error(container ?? (stderr.trim().split('\n').pop() || 'not a readable video'))),
        );
      }
      try {
        const out = JSON.parse(stdout) as { streams?: RawStream[]; format?: { duration?: string } };
        const video = out.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
        if (!video?.width || !video.height) return reject(new Error('it holds no video stream'));
        const duration = Number(video.duration) || Number(out.format?.duration) || 0;
        if (!(duration > 0)) return reject(new Error('its duration cannot be read'));
        const audio = out.streams?.find((s) => s.codec_type === 'audio');
        const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 24;
        const frames = Math.ceil(duration * fps);
        const { width, height } = video;
        const problem = boundsProblem({
          duration,
          formatName: '',
          hasVideo: true,
          hasAudio: Boolean(audio),
          picture: { codec: video.codec_name ?? '', width, height, frames },
        });
        if (problem) return reject(new Error(problem));
        resolve({
          videoCodec: video.codec_name,
          audioCodec: audio?.codec_name,
          pixFmt: video.pix_fmt,
          width: video.width,
          height: video.height,
          fps,
          duration,
          hasAudio: Boolean(audio),
        });
      } catch {
        reject(new Error('ffprobe gave no readable answer'));
      }
    });
  });
}

/** Probes of stored files, by path, size and modification time; the oldest is dropped past the bound. */
const probes = new Map<string, ShotProbe>();
const PROBES_KEPT = 256;

/**
 * probeShot in a slot of the shared pool (decision 356). A stored file of this server (a task's
 * result, written once under DATA_DIR/files) is probed once: re-assembling the same takes with
 * other captions or music is the storyboard's usual loop, and on a loaded machine each ffprobe of a
 * dynamically linked build costs a quarter of a second to start (bench/RESULTS.md, decision 370).
 * A downloaded file is always probed.
 */
export async function probeShotOnce(file: string, stored: boolean): Promise<ShotProbe> {
  if (!stored) return withFfmpegSlot(() => probeShot(file));
  const stat = await fs.promises.stat(file);
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  const known = probes.get(key);
  if (known) return known;
  const probe = await withFfmpegSlot(() => probeShot(file));
  probes.set(key, probe);
  if (probes.size > PROBES_KEPT) probes.delete(probes.keys().next().value!);
  return probe;
}
