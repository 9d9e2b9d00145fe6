/**
 * Issue 31: the usage page's figures for 50,000 tracked tasks (every one counted, none read: their
 * usage is kept in the registry, decision 225) in under 200 ms: samples, the range, the summary
 * with its totals by kind, model and rule, and one summary per kind for the small charts.
 * Run: npx tsx bench/usage-summary.bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { TrackedTask } from '../src/api/task-registry-schema';
import { inRange, storedUsageSample, summariseUsage } from '../src/features/tasks/usage/usage-data';

const N = 50_000;
const MODELS = ['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini'];
const KINDS = ['video', 'video', 'video', 'music', 'digital_human_video', 'digital_human_audio'] as const;
const now = Date.now();
const tasks: TrackedTask[] = Array.from({ length: N }, (_, i) => ({
  id: `task_${i}`,
  kind: KINDS[i % KINDS.length]!,
  createdAt: now - (i % 120) * 86_400_000,
  source: 'composer',
  last: {
    status: 'succeeded',
    usage: {
      tokens: i % 17 === 0 ? undefined : 1000 + (i % 500),
      model: MODELS[i % 3],
      withVideo: i % 4 === 0,
    },
  },
}));

function run(): number {
  const start = performance.now();
  const samples = tasks.flatMap((t) => storedUsageSample(t) ?? []);
  const shown = inRange(samples, new Date(now - 89 * 86_400_000).toISOString().slice(0, 10), '');
  const all = summariseUsage(shown);
  for (const k of all.byKind) summariseUsage(shown.filter((s) => s.kind === k.key));
  return performance.now() - start;
}

run(); // warm-up (JIT)
const times = Array.from({ length: 10 }, run).sort((a, b) => a - b);
const median = times[5]!;
const worst = times[times.length - 1]!;
console.log(
  `usage for ${N} tasks: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (ceiling 200 ms)`,
);
if (worst >= 200) {
  console.error('over the 200 ms ceiling');
  process.exit(1);
}
