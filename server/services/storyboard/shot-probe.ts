import { spawn } from 'node:child_process';
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

/** ffprobe of a local file (files and pipes only, decision 098), killed past `timeoutMs`. */
export function probeShot(file: string, timeoutMs = 15_000): Promise<ShotProbe> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  args.push('-protocol_whitelist', 'file,pipe', '--', file);
  return new Promise((resolve, reject) => {
    const child = spawn(FFPROBE_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`ffprobe could not start (${err.message})`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(stderr.trim().split('\n').pop() || 'not a readable video'));
      try {
        const out = JSON.parse(stdout) as { streams?: RawStream[]; format?: { duration?: string } };
        const video = out.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
        if (!video?.width || !video.height) return reject(new Error('it holds no video stream'));
        const duration = Number(video.duration) || Number(out.format?.duration) || 0;
        if (!(duration > 0)) return reject(new Error('its duration cannot be read'));
        const audio = out.streams?.find((s) => s.codec_type === 'audio');
        resolve({
          videoCodec: video.codec_name,
          audioCodec: audio?.codec_name,
          pixFmt: video.pix_fmt,
          width: video.width,
          height: video.height,
          fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 24,
          duration,
          hasAudio: Boolean(audio),
        });
      } catch {
        reject(new Error('ffprobe gave no readable answer'));
      }
    });
  });
}
