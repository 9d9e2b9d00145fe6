/**
 * The durable task runner with real ffmpeg renders, through the real app (`app.request()`, no
 * network) at EMULATOR_SPEED 1000 so that the simulated timeline is negligible and renders are the
 * bottleneck:
 *  - throughput: 20 tasks of 5 s 480p submitted at once, default concurrency; tasks finished per
 *    minute and the spread of time-to-result;
 *  - one 15 s 1080p task alone: time from submission to result.
 * Run: `npx tsx bench/task-runner.bench.ts` (or `npm run bench -- task-runner`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { closeContext, createContext, startWorkers } from '../server/create-context';
import { taskConcurrency } from '../server/services/tasks/runner/runner';
import { openDatabase } from '../server/store/db';
import { claimNextTask, insertTask, nextTaskDeadline } from '../server/store/tasks';

const API_KEY = 'sk-local-dev';
const headers = { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' };

type Task = { id: string; status: string };

async function runBatch(label: string, bodies: Record<string, unknown>[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-task-runner-'));
  const ctx = createContext(loadConfig({ DATA_DIR: dataDir, EMULATOR_SPEED: '1000' }), { silent: true });
  const app = createApp(ctx);
  try {
    startWorkers(ctx);
    const started = performance.now();
    const ids: string[] = [];
    for (const body of bodies) {
      const res = await app.request('/v1/videos', { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`POST /v1/videos: HTTP ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as Task).id);
    }
    const doneAt = new Map<string, number>();
    while (doneAt.size < ids.length) {
      for (const id of ids) {
        if (doneAt.has(id)) continue;
        const task = (await (await app.request(`/v1/tasks/${id}`, { headers })).json()) as Task;
        if (task.status === 'succeeded') doneAt.set(id, performance.now() - started);
        else if (task.status === 'failed' || task.status === 'cancelled')
          throw new Error(`${id} ended ${task.status}: ${JSON.stringify(task)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const times = [...doneAt.values()].sort((a, b) => a - b);
    const total = times.at(-1)!;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${label}: ${ids.length} task(s) in ${s(total)} → ${((ids.length / total) * 60_000).toFixed(1)} tasks/min; ` +
        `first result ${s(times[0]!)}, median ${s(times[Math.floor(times.length / 2)]!)}, last ${s(total)}`,
    );
  } finally {
    await closeContext(ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The scheduler's queries against a deep queue: 20,000 due tasks of 50 keys, no rendering. */
function queueQueries() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-task-queue-'));
  const db = openDatabase(dataDir);
  try {
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) {
        insertTask(db, {
          ...{ id: `task_bench${i}`, owner: `owner${i % 50}`, kind: 'video', model: 'video-2.0-cl' },
          ...{ status: 'submitted', progress: 0, request: '{}', params: '{}', input_references: '[]' },
          ...{ has_video_input: 0, total_tokens: 0, callback_url: null, origin: 'http://x' },
          ...{ request_id: 'req_x', trace_id: 'trace_x', run_ms: 8000, next_at: now - 1 },
          ...{ created_ms: now, updated_ms: now },
        });
      }
    })();
    const time = (n: number, fn: () => unknown) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) fn();
      return ((performance.now() - started) / n).toFixed(2);
    };
    const deadline = time(500, () => nextTaskDeadline(db));
    const claim = time(500, () => claimNextTask(db, 'bench/1/x', Date.now(), 15_000));
    console.log(
      `20,000 queued tasks of 50 keys: claim ${claim} ms, next deadline ${deadline} ms (mean of 500)`,
    );
  } finally {
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  queueQueries();
  console.log(`TASK_CONCURRENCY: ${taskConcurrency()} (default on this machine: ${taskConcurrency({})})`);
  const short = { model: 'video-2.0-cl', duration: 5, resolution: '480p' };
  await runBatch(
    '20 × 5 s 480p',
    Array.from({ length: 20 }, (_, i) => ({ ...short, prompt: `Bench task ${i}: a lighthouse at dusk` })),
  );
  // `-- throughput` skips the long render, e.g. to compare TASK_CONCURRENCY values.
  if (process.argv.includes('throughput')) return;
  await runBatch('1 × 15 s 1080p', [
    {
      model: 'video-2.0-cl',
      duration: 15,
      resolution: '1080p',
      prompt: 'A long, large render: waves at night',
    },
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
