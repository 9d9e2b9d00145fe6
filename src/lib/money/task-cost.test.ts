import { describe, expect, it } from 'vitest';
import { estimateVideoTokens } from '@contract/usage';
import type { TrackedTask } from '@/api/task-registry-schema';
import type { PriceBook } from './prices';
import { checkCaps, requestCostInput, spentOnDay, trackedTaskCost } from './task-cost';

const book: PriceBook = {
  currency: 'USD',
  prices: [
    { id: '1', model: 'v', kind: 'video', rule: 'withoutVideo', unit: 'per1kTokens', amount: 0.01 },
    { id: '2', model: 'v', kind: 'video', rule: 'withVideo', unit: 'per1kTokens', amount: 0.03 },
    { id: '3', model: 'm', kind: 'music', rule: 'any', unit: 'perTask', amount: 0.5 },
  ],
};
const NOW = new Date(2026, 4, 10, 15).getTime();
const task = (over: Partial<TrackedTask>): TrackedTask => ({
  id: over.id ?? 't',
  kind: 'video',
  model: 'v',
  createdAt: NOW - 1000,
  source: 'composer',
  ...over,
});

describe('task cost', () => {
  it('prices a video request by its local estimate under its billing rule', () => {
    const body = { model: 'v', prompt: 'p', duration: 5 };
    const input = requestCostInput({ kind: 'video', model: 'v', body });
    expect(input).toEqual({ model: 'v', kind: 'video', withVideo: false, tokens: estimateVideoTokens(body) });
    const withVideo = requestCostInput({
      kind: 'video',
      body: { model: 'v', prompt: 'p', video_url: 'https://x.test/a.mp4' },
    });
    expect(withVideo.withVideo).toBe(true);
    expect(withVideo.model).toBe('v');
    // Music tokens are the server's to count: unknown before sending.
    expect(requestCostInput({ kind: 'music', model: 'm', body: {} })).toEqual({ model: 'm', kind: 'music' });
  });

  it('uses the reported usage of an ended task, and the estimate of one still running', () => {
    const ended = task({
      last: { status: 'succeeded', usage: { tokens: 100_000, withVideo: true, model: 'v' } },
    });
    expect(trackedTaskCost(book, ended)).toEqual({ amount: 3, estimated: false });
    const running = task({ request: { model: 'v', prompt: 'p', duration: 5 } });
    const cost = trackedTaskCost(book, running)!;
    expect(cost.estimated).toBe(true);
    expect(cost.amount).toBeCloseTo((estimateVideoTokens({ duration: 5 })! * 0.01) / 1000);
    expect(trackedTaskCost(book, task({ kind: 'music', model: 'm' }))).toEqual({
      amount: 0.5,
      estimated: true,
    });
  });

  it('does not count a failed task without usage as spent', () => {
    expect(
      trackedTaskCost(book, task({ kind: 'music', model: 'm', last: { status: 'failed' } })),
    ).toBeUndefined();
  });

  it('prices a failed video task by the tokens it reported, as the specification bills it (decision 510)', () => {
    const failed = (status: string, usage?: { tokens?: number; withVideo: boolean }) =>
      task({ last: { status, ...(usage ? { usage: { ...usage, model: 'v' } } : {}) } });
    expect(trackedTaskCost(book, failed('failed', { tokens: 100_000, withVideo: false }))).toEqual({
      amount: 1,
      estimated: false,
    });
    expect(trackedTaskCost(book, failed('FAILURE', { tokens: 100_000, withVideo: true }))).toEqual({
      amount: 3,
      estimated: false,
    });
    // Without reported tokens there is nothing the specification bills: no estimate of the body.
    const noUsage = task({ last: { status: 'FAILURE' }, request: { model: 'v', prompt: 'p', duration: 5 } });
    expect(trackedTaskCost(book, noUsage)).toBeUndefined();
    expect(trackedTaskCost(book, failed('canceled', { withVideo: false }))).toBeUndefined();
    // A per-task price is not what it bills, and other kinds' failures it does not bill at all.
    const perTask: PriceBook = {
      currency: 'USD',
      prices: [{ id: 'x', model: 'v', kind: 'video', rule: 'any', unit: 'perTask', amount: 2 }],
    };
    expect(trackedTaskCost(perTask, failed('failed', { tokens: 100_000, withVideo: false }))).toBeUndefined();
    const music = task({
      kind: 'music',
      model: 'm',
      last: { status: 'failed', usage: { tokens: 40, withVideo: false, model: 'm' } },
    });
    expect(trackedTaskCost(book, music)).toBeUndefined();
    expect(spentOnDay(perTask, [failed('failed', { tokens: 100_000, withVideo: false })], NOW)).toEqual({
      amount: 0,
      priced: 0,
      unpriced: 0,
    });
  });

  it("sums today's tasks only", () => {
    const yesterday = task({ id: 'y', kind: 'music', model: 'm', createdAt: NOW - 86_400_000 });
    const today = [
      task({ id: 'a', kind: 'music', model: 'm' }),
      task({ id: 'b', kind: 'music', model: 'm' }),
    ];
    expect(spentOnDay(book, [yesterday, ...today], NOW)).toEqual({ amount: 1, priced: 2, unpriced: 0 });
  });

  it('asks when a run is over the run cap, or the day would go over the day cap, with the figures', () => {
    const estimate = { amount: 2, priced: 1, unpriced: 0 };
    const spent = { amount: 7, priced: 3, unpriced: 0 };
    expect(checkCaps(book, estimate, spent)).toBeUndefined();
    expect(checkCaps({ ...book, runCap: 2 }, estimate, spent)).toBeUndefined();
    expect(checkCaps({ ...book, runCap: 1.5 }, estimate, spent)).toEqual({
      currency: 'USD',
      estimate,
      run: { cap: 1.5 },
    });
    expect(checkCaps({ ...book, dayCap: 9 }, estimate, spent)).toBeUndefined();
    expect(checkCaps({ ...book, dayCap: 8, runCap: 1 }, estimate, spent)).toEqual({
      currency: 'USD',
      estimate,
      run: { cap: 1 },
      day: { cap: 8, spent: 7 },
    });
  });
});
