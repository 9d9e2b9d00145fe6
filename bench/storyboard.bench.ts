/**
 * The storyboard's local endpoints on this machine: assembling three 15 s 720p shots with audio
 * into one MP4 (the issue asks < 30 s), with cuts and with crossfades, and taking a last frame
 * (< 2 s). Through `app.request()` on a throwaway DATA_DIR, as the page calls them.
 * Run: `npm run bench -- storyboard`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_API_KEY } from '../server/config';
import { FFMPEG_PATH } from '../server/media/ffmpeg';
import { ownerOf } from '../server/middleware/auth';
import { filesRoot, fileUrl, storedRelPath } from '../server/services/assets/asset-files';
import { assembliesOf } from '../server/services/storyboard/assembly';
import { makeTestApp } from '../server/test/helpers';
import { startWorkers } from '../server/create-context';
import { cpuSeconds, loadAverage } from './process-cpu';

const t = makeTestApp();
// Assemblies are jobs of the task runner (decision 356).
startWorkers(t.ctx);
const owner = ownerOf(DEFAULT_API_KEY);

function shot(n: number): string {
  const rel = storedRelPath(owner, `task_bench${n}`, 'result.mp4');
  const file = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(FFMPEG_PATH, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=1280x720:r=24:d=15`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=${220 * n}:d=15`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return fileUrl('http://localhost', rel);
}

try {
  const shots = [1, 2, 3].map(shot);
  for (const joins of [
    ['cut', 'cut'],
    ['crossfade', 'crossfade'],
  ]) {
    const l = loadAverage();
    const started = performance.now();
    const cpu0 = cpuSeconds();
    const res = await t.req('/local/storyboard/assemblies', {
      json: { shots: shots.map((url) => ({ url })), joins },
    });
    const { id } = (await res.json()) as { id: string };
    await assembliesOf(t.ctx).settled(id);
    const ms = performance.now() - started;
    const cpu = cpuSeconds() - cpu0;
    const done = (await (await t.req(`/local/storyboard/assemblies/${id}`)).json()) as {
      status: string;
      duration: number;
      error?: string;
    };
    if (done.status !== 'succeeded') throw new Error(`assembly failed: ${done.error}`);
    console.log(
      `assemble 3 × 15 s 720p (${joins.join(', ')})`.padEnd(50) +
        ` wall ${(ms / 1000).toFixed(1).padStart(5)} s  CPU ${cpu.toFixed(1).padStart(5)} s  → ${done.duration.toFixed(1)} s file  (load avg ${l})`,
    );
  }
  for (let i = 0; i < 3; i++) {
    const l = loadAverage();
    const started = performance.now();
    const cpu0 = cpuSeconds();
    const res = await t.req('/local/storyboard/last-frame', { json: { url: shots[i] } });
    if (!res.ok) throw new Error(`last frame: ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    const cpu = cpuSeconds() - cpu0;
    console.log(
      `last frame of a 15 s 720p shot`.padEnd(50) +
        ` wall ${(ms / 1000).toFixed(2).padStart(5)} s  CPU ${cpu.toFixed(2)} s  ${(bytes / 1024).toFixed(0)} KiB PNG  (load avg ${l})`,
    );
  }
} finally {
  await t.close();
}
