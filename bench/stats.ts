/**
 * The timing figures the benches print: medians and percentiles, wall and CPU time of a piece of
 * work, and the load average beside them (figures on a shared machine move with it).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

const ascending = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

/** The middle value; the mean of the two middle ones for an even count; NaN for none. */
export function median(xs: readonly number[]): number {
  const s = ascending(xs);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return Number.NaN;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The value at fraction `p` (0-1) of the sorted values, by nearest rank rounded down: p95 of 600
 * frames is the 570th fastest, never an interpolation between two frames. NaN for none.
 */
export function percentile(xs: readonly number[], p: number): number {
  const s = ascending(xs);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))]!;
}

/** `load average 1.52 1.40 1.10` (1, 5 and 15 minutes), printed beside a bench's figures. */
export const loadAverages = (): string =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** This process's user+system CPU time since `since` (ms): on a shared machine, fairer than wall time. */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export interface Timed<T> {
  result: T;
  /** Wall time (ms). */
  wall: number;
  /** This process's CPU time (ms). */
  cpu: number;
}

/** Wall and CPU time of `work`, awaited. */
export async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  return { result, wall: performance.now() - start, cpu: cpuMsSince(cpu) };
}

/** Wall and CPU times of `runs` calls of `work(1…runs)`, after one warm-up call `work(0)` (JIT). */
export function timeRuns(runs: number, work: (i: number) => unknown): { wall: number[]; cpu: number[] } {
  work(0);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const since = process.cpuUsage();
    const start = performance.now();
    work(i);
    wall.push(performance.now() - start);
    cpu.push(cpuMsSince(since));
  }
  return { wall, cpu };
}
