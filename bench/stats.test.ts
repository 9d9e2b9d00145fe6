import { describe, expect, it } from 'vitest';
import { loadAverages, median, percentile, timed, timeRuns } from './stats';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('leaves its input as it was', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted

  it('is a value of the list by nearest rank, rounded down', () => {
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile([10, 20], 0.5)).toBe(10);
  });

  it('gives the minimum at 0 and the maximum at 1 and beyond', () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile(hundred, 2)).toBe(100);
    expect(percentile([], 0.95)).toBeNaN();
  });
});

describe('timing', () => {
  it('timeRuns warms up with work(0), then times runs 1…n', () => {
    const calls: number[] = [];
    const { wall, cpu } = timeRuns(3, (i) => calls.push(i));
    expect(calls).toEqual([0, 1, 2, 3]);
    expect(wall).toHaveLength(3);
    expect(cpu).toHaveLength(3);
    for (const t of [...wall, ...cpu]) expect(t).toBeGreaterThanOrEqual(0);
  });

  it('timed returns the result with its wall and CPU time', async () => {
    const { result, wall, cpu } = await timed(() => Promise.resolve(42));
    expect(result).toBe(42);
    expect(wall).toBeGreaterThanOrEqual(0);
    expect(cpu).toBeGreaterThanOrEqual(0);
  });

  it('loadAverages names the three load averages', () => {
    expect(loadAverages()).toMatch(/^load average \d+\.\d\d \d+\.\d\d \d+\.\d\d$/);
  });
});
