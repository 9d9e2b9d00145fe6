import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import { JITTER, MAX_DELAY_MS, MAX_RUNNING_DELAY_MS } from '@/api/task-poll-policy';
import { stableRefetchInterval, type Task } from '@/api/tasks';

/**
 * The dashboard's polling as it runs in the browser (React Query observers on taskQueryOptions'
 * refetchInterval, fake timers) against the local server's timeline (decision 032) at
 * bench/polling.bench.ts's speed: how many requests 200 tasks cost and how late their ends are
 * noticed. The same targets as the bench (issue 20): at most a fifth of a fixed 1 s poll, ends
 * noticed ≤ 2 s late on average (here with margin: the simulation has no load).
 */
const SPEED = 0.25;
const PROGRESS_WRITE_MS = 200;
const HALF_ROUND_TRIP_MS = 25;

interface SimTask {
  id: string;
  createdAt: number;
  runMs: number;
  /** Where a [fail] or [cancel] task ends, as a share of its run; 1 for success. */
  endsAt: number;
  endStatus: 'succeeded' | 'failed' | 'cancelled';
  /** Extra time at 99 % before success (a slow store of the result). */
  stuckMs: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function makeTask(i: number, createdAt: number, stuckMs = 0): SimTask {
  const duration = 4 + (i % 12);
  const endStatus = i % 10 === 3 ? 'failed' : i % 20 === 7 ? 'cancelled' : 'succeeded';
  return {
    id: `task_${i}`,
    createdAt,
    runMs: (8_000 + ((duration - 4) * 8_000) / 11) / SPEED,
    endsAt: endStatus === 'failed' ? 0.6 : endStatus === 'cancelled' ? 0.3 : 1,
    endStatus,
    stuckMs,
  };
}

const queueMs = () => 2_000 / SPEED;
const completedAt = (t: SimTask) => t.createdAt + queueMs() + t.runMs * t.endsAt + t.stuckMs;

/** What GET /v1/tasks/{id} answers at `now`: progress is written every 200 ms, floored, capped. */
function answer(t: SimTask, now: number): Task {
  const base = { id: t.id, object: 'task', created_at: seconds(t.createdAt) } as Task;
  const started = t.createdAt + queueMs();
  if (now < t.createdAt + 400 / SPEED) return { ...base, status: 'pending', progress: 0 };
  if (now < started) return { ...base, status: 'submitted', progress: 0 };
  const done = completedAt(t);
  if (now >= done)
    return {
      ...base,
      status: t.endStatus,
      progress: t.endStatus === 'succeeded' ? 100 : Math.floor(100 * t.endsAt),
      started_at: seconds(started),
      updated_at: seconds(done),
      completed_at: seconds(done),
    };
  const written = started + Math.floor((now - started) / PROGRESS_WRITE_MS) * PROGRESS_WRITE_MS;
  const cap = t.endStatus === 'succeeded' ? 99 : Math.floor(100 * t.endsAt);
  return {
    ...base,
    status: 'running',
    progress: Math.min(cap, Math.floor((100 * (written - started)) / t.runMs)),
    started_at: seconds(started),
    updated_at: seconds(written),
  };
}

interface Watched {
  task: SimTask;
  requests: number;
  noticedAt?: number;
}

/** One observer per task, as the shell's watcher keeps them; resolves when every end is seen. */
async function pollAll(tasks: SimTask[]): Promise<Watched[]> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const watched = tasks.map((task) => ({ task, requests: 0 }) as Watched);
  const unsubscribe = watched.map((w) => {
    const observer = new QueryObserver(client, {
      queryKey: ['tasks', 'detail', w.task.id],
      queryFn: async () => {
        w.requests += 1;
        await new Promise((r) => setTimeout(r, HALF_ROUND_TRIP_MS));
        const state = answer(w.task, Date.now());
        await new Promise((r) => setTimeout(r, HALF_ROUND_TRIP_MS));
        return state;
      },
      refetchInterval: (query) => stableRefetchInterval(query),
    });
    return observer.subscribe((result) => {
      if (w.noticedAt === undefined && isTerminalStatus(normalizeTaskStatus(result.data?.status)))
        w.noticedAt = Date.now();
    });
  });
  const last = Math.max(...tasks.map(completedAt));
  while (watched.some((w) => w.noticedAt === undefined) && Date.now() < last + 60_000)
    await vi.advanceTimersByTimeAsync(500);
  for (const u of unsubscribe) u();
  client.clear();
  return watched;
}

/** A seeded generator: the jitter differs per poll but the run is the same every time. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const lateness = (w: Watched) => (w.noticedAt! - completedAt(w.task)) / 1000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

describe('polling 200 tasks on the server timeline (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    vi.spyOn(Math, 'random').mockImplementation(seeded(20));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  // Some 2,000 polls on fake timers: seconds of CPU on a loaded machine.
  it(
    'costs at most a fifth of a 1 s poll and notices ends well within 2 s on average',
    { timeout: 30_000 },
    async () => {
      const start = Date.now();
      // Created one after another, as the composer or the bench does.
      const tasks = Array.from({ length: 200 }, (_, i) => makeTask(i, start + i * 10));
      const watched = await pollAll(tasks);
      expect(watched.every((w) => w.noticedAt !== undefined)).toBe(true);

      const requests = watched.reduce((n, w) => n + w.requests, 0);
      const fixedPoll = tasks.reduce((n, t) => n + Math.ceil((completedAt(t) - t.createdAt) / 1000) + 1, 0);
      const succeeded = watched.filter((w) => w.task.endStatus === 'succeeded').map(lateness);
      const unforeseen = watched.filter((w) => w.task.endStatus !== 'succeeded').map(lateness);
      const all = watched.map(lateness);
      expect(requests / fixedPoll).toBeLessThanOrEqual(0.2);
      // Ends the progress predicts: the poll aims just past them.
      expect(mean(succeeded)).toBeLessThan(0.45);
      // Failures mid-run: within an interval, never more than the running ceiling.
      expect(Math.max(...unforeseen)).toBeLessThanOrEqual(((1 + JITTER) * MAX_RUNNING_DELAY_MS) / 1000 + 0.5);
      expect(mean(unforeseen)).toBeLessThan(6.5);
      expect(mean(all)).toBeLessThan(1.3);
    },
  );

  it('does not hammer a task that stays at 99 % long past its predicted end', async () => {
    const start = Date.now();
    const stuck = makeTask(0, start, 60_000);
    const [w] = await pollAll([stuck]);
    expect(w!.noticedAt).toBeDefined();
    // Its run is 32 s and it waits a minute more at 99 %: a fixed 1 s poll would ask ~100 times.
    expect(w!.requests).toBeLessThanOrEqual(20);
    expect(lateness(w!)).toBeLessThanOrEqual(MAX_DELAY_MS / 1000 + 0.5);
  });
});
