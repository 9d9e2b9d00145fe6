/**
 * Render times of the media renderers on this machine, wall clock, one render at a time:
 * the figure (a 15 s 1080p video with audio and one reference image), the default video
 * (5 s 720p), a 15 s digital-human video and a 60 s music track.
 * Run: `npx tsx bench/render.bench.ts`. Wall time follows the machine's load (printed); CPU time
 * (this process plus its finished ffmpeg children, from /proc) does not, so both are shown.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG_PATH } from '../server/media/ffmpeg';
import { renderDigitalHumanVideo } from '../server/media/render-digital-human';
import { renderMusic } from '../server/media/render-music';
import { renderVideo } from '../server/media/render-video';
import { cpuSeconds, loadAverage } from './process-cpu';

const fixture = (name: string) => path.resolve(import.meta.dirname, '../e2e/fixtures', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-render-'));

async function time(label: string, run: (outPath: string) => Promise<unknown>, ext = 'mp4') {
  const outPath = path.join(dir, `${label.replace(/\W+/g, '-')}.${ext}`);
  const load = loadAverage();
  const started = performance.now();
  const cpu0 = cpuSeconds();
  await run(outPath);
  const ms = performance.now() - started;
  const cpu = cpuSeconds() - cpu0;
  const size = (fs.statSync(outPath).size / 2 ** 20).toFixed(1);
  console.log(
    `${label.padEnd(50)} wall ${(ms / 1000).toFixed(1).padStart(5)} s  CPU ${cpu.toFixed(1).padStart(5)} s  ${size} MiB  (load avg ${load})`,
  );
}

const prompt =
  'A red fox trots through a snowy pine forest at dawn, golden light between the trees, @hero in the foreground, slow dolly shot';
try {
  const speech = path.join(dir, 'speech.wav');
  execFileSync(FFMPEG_PATH, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=190:d=15', speech]);
  await time('video 15 s 1080p 16:9, audio, 1 reference image', (outPath) =>
    renderVideo({
      outPath,
      width: 1920,
      height: 1080,
      durationSec: 15,
      prompt,
      audio: true,
      watermark: true,
      references: [{ alias: 'hero', role: 'reference_image', kind: 'image', source: fixture('sample.png') }],
    }),
  );
  await time('video 5 s 720p 16:9, audio (the defaults)', (outPath) =>
    renderVideo({
      outPath,
      width: 1280,
      height: 720,
      durationSec: 5,
      prompt,
      audio: true,
      watermark: false,
      references: [],
    }),
  );
  await time('video 5 s 720p 9:16 from a first frame', (outPath) =>
    renderVideo({
      outPath,
      width: 720,
      height: 1280,
      durationSec: 5,
      prompt,
      audio: true,
      watermark: false,
      firstFrame: fixture('sample.png'),
      references: [],
    }),
  );
  await time('digital-human video, 15 s of speech', (outPath) =>
    renderDigitalHumanVideo({ outPath, avatar: fixture('sample.png'), audio: speech }),
  );
  await time(
    'music 60 s MP3, "upbeat electronic"',
    (outPath) =>
      renderMusic({
        outPath,
        durationSec: 60,
        prompt: 'night drive',
        style: 'upbeat electronic',
        title: 'Bench',
      }),
    'mp3',
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
