/**
 * Reads a Chromium performance trace (Playwright's `browser.startTracing`) for the playground
 * stream bench: the renderer main thread's tasks by wall time (`dur`) and by the thread's own CPU
 * time (`tdur`), and where the longest tasks spent their time.
 *
 * Why CPU time: the bench machine is shared, and a task that waits for a core while other processes
 * run gets a long wall time without doing more work. `tdur` counts only the time the main thread
 * actually ran, so it judges the page's own cost under load; wall time is meaningful on a quiet
 * machine only (the bench prints the load average beside it).
 */

/** Categories: top-level tasks (`RunTask`) and the timeline events DevTools' Performance panel shows. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

export interface TaskCost {
  /** Wall time, ms. */
  wallMs: number;
  /** Main-thread CPU time, ms. */
  cpuMs: number;
  /** Self wall time by trace event name inside the task, ms, largest first. */
  breakdown: Array<[string, number]>;
}

export interface TraceSummary {
  tasks: number;
  longestWall: TaskCost | undefined;
  longestCpu: TaskCost | undefined;
  /** Tasks of 50 ms or more, by wall time and by CPU time. */
  longByWall: number;
  longByCpu: number;
  /** Self time by event name over every task of the window, ms, largest first. */
  totals: Array<[string, number]>;
}

const RUN_TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_MS = 50;

/** The page's renderer main thread: the `CrRendererMain` thread that ran the most tasks. */
function rendererMain(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best: { pid: number; tid: number; n: number } | undefined;
  for (const m of mains) {
    const n = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
    if (!best || n > best.n) best = { pid: m.pid, tid: m.tid, n };
  }
  return best && { pid: best.pid, tid: best.tid };
}

/** Self time (duration minus nested children) per event name, for complete events inside a task. */
function selfTimes(inside: TraceEvent[], into: Map<string, number>): void {
  const stack: Array<{ end: number; name: string; self: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      into.set(done.name, (into.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const e of inside) {
    close(e.ts);
    const dur = e.dur ?? 0;
    const parent = stack.at(-1);
    if (parent) parent.self -= dur;
    stack.push({ end: e.ts + dur, name: e.name, self: dur });
  }
  close(Number.POSITIVE_INFINITY);
}

const sorted = (m: Map<string, number>) =>
  [...m.entries()].filter(([, ms]) => ms >= 0.05).sort((a, b) => b[1] - a[1]);

export function summariseTrace(trace: Buffer | string): TraceSummary {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = rendererMain(events);
  const empty: TraceSummary = {
    tasks: 0,
    longestWall: undefined,
    longestCpu: undefined,
    longByWall: 0,
    longByCpu: 0,
    totals: [],
  };
  if (!main) return empty;
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Top-level tasks only: Chromium nests a `RunTask` inside `ThreadControllerImpl::RunTask`.
  const tasks: TraceEvent[] = [];
  for (const e of onMain) {
    if (!RUN_TASK.has(e.name)) continue;
    const outer = tasks.at(-1);
    if (!outer || e.ts >= outer.ts + (outer.dur ?? 0)) tasks.push(e);
  }
  if (tasks.length === 0) return empty;

  const cost = (task: TraceEvent): TaskCost => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < end);
    const times = new Map<string, number>();
    selfTimes(inside, times);
    return {
      wallMs: (task.dur ?? 0) / 1000,
      cpuMs: (task.tdur ?? 0) / 1000,
      breakdown: sorted(times).slice(0, 8),
    };
  };
  const byWall = tasks.reduce((a, b) => ((b.dur ?? 0) > (a.dur ?? 0) ? b : a));
  const byCpu = tasks.reduce((a, b) => ((b.tdur ?? 0) > (a.tdur ?? 0) ? b : a));
  const totals = new Map<string, number>();
  selfTimes(onMain, totals);
  return {
    tasks: tasks.length,
    longestWall: cost(byWall),
    longestCpu: cost(byCpu),
    longByWall: tasks.filter((t) => (t.dur ?? 0) / 1000 >= LONG_MS).length,
    longByCpu: tasks.filter((t) => (t.tdur ?? 0) / 1000 >= LONG_MS).length,
    totals: sorted(totals).slice(0, 12),
  };
}

export function formatBreakdown(parts: Array<[string, number]>): string {
  return parts.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
}
