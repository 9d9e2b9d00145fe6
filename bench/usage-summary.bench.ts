/**
 * Issues 31 and 43: the usage page's figures for 50,000 and 200,000 tracked tasks (every one
 * counted, none read: their usage is kept in the registry, decision 225) in under 200 ms: samples,
 * the range, the summary with its totals by kind, model and rule, one summary per kind for the
 * small charts, and the money totals by the person's prices (decision 381), as the page computes
 * them when a price is set. The ceiling is checked at 200,000.
 * The page's own functions (summariseRange, summariseMoney), not a copy of them.
 * Run: npx tsx bench/usage-summary.bench.ts
 */
import type { TrackedTask } from '../src/api/task-registry-schema';
import type { PriceBook } from '../src/lib/money/prices';
import { summariseRange } from '../src/features/tasks/usage/usage-data';
import { summariseMoney } from '../src/features/tasks/usage/usage-money';
import { loadAverages, median, timeRuns } from './stats';

const MODELS = ['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini'];
const KINDS = ['video', 'video', 'video', 'music', 'digital_human_video', 'digital_human_audio'] as const;
const CEILING_MS = 200;
const book: PriceBook = {
  currency: 'USD',
  prices: [
    ...MODELS.flatMap((model, i) => [
      {
        id: `${i}w`,
        model,
        kind: 'video',
        rule: 'withVideo' as const,
        unit: 'per1kTokens' as const,
        amount: 0.03,
      },
      {
        id: `${i}o`,
        model,
        kind: 'video',
        rule: 'withoutVideo' as const,
        unit: 'per1kTokens' as const,
        amount: 0.01,
      },
    ]),
    { id: 'm', model: 'video-2.0-cl', kind: 'music', rule: 'any', unit: 'perTask', amount: 0.2 },
  ],
};

function tasksOf(n: number, now: number): TrackedTask[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `task_${i}`,
    kind: KINDS[i % KINDS.length]!,
    createdAt: now - (i % 120) * 86_400_000,
    source: 'composer',
    last: {
      status: i % 23 === 0 ? 'failed' : 'succeeded',
      usage: {
        tokens: i % 17 === 0 ? undefined : 1000 + (i % 500),
        model: MODELS[i % 3],
        withVideo: i % 4 === 0,
      },
    },
  }));
}

/** Wall time, and this process's CPU time: on a machine shared with other work the second is the fairer. */
function measure(n: number): { median: number; worst: number; cpu: number } {
  const now = Date.now();
  const tasks = tasksOf(n, now);
  const from = new Date(now - 89 * 86_400_000).toISOString().slice(0, 10);
  const { wall, cpu } = timeRuns(10, () => {
    const { shown } = summariseRange(tasks, new Map(), [], from, '');
    summariseMoney(shown, book);
  });
  return { median: median(wall), worst: Math.max(...wall), cpu: median(cpu) };
}

let over = false;
for (const n of [50_000, 200_000]) {
  const { median, worst, cpu } = measure(n);
  console.log(
    `usage and money for ${n} tasks: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms, ` +
      `median CPU time ${cpu.toFixed(1)} ms ` +
      `(ceiling ${CEILING_MS} ms at 200,000); ${loadAverages()}`,
  );
  if (n === 200_000 && worst >= CEILING_MS) over = true;
}
if (over) {
  console.error('over the 200 ms ceiling at 200,000 tasks');
  process.exit(1);
}
