import { describe, expect, it } from 'vitest';
import {
  AIM_PAST_END_MS,
  HIDDEN_MIN_DELAY_MS,
  APPROACH_MIN_DELAY_MS,
  MAX_DELAY_MS,
  MAX_RUNNING_DELAY_MS,
  MISSED_END_RETRY_MS,
  MIN_WAITING_DELAY_MS,
  MAX_ERROR_DELAY_MS,
  MIN_DELAY_MS,
  UNKNOWN_STATE_WINDOW_MS,
  estimateRemainingMs,
  nextPollDelay,
  observe,
  updatePollMemory,
  type PollMemory,
  type PollObservation,
} from '@/api/task-poll-policy';

const NOW = 1_000_000;
const mid = () => 0.5; // no jitter
const waiting = (ageMs: number, status = 'pending'): PollObservation => ({ status, createdAt: NOW - ageMs });

describe('nextPollDelay', () => {
  it('asks a hidden tab at most every 30 s, even for a task about to end', () => {
    const ending: PollObservation = {
      status: 'running',
      progress: 90,
      createdAt: NOW - 20_000,
      progressOrigin: { at: NOW - 18_000, progress: 0 },
    };
    expect(nextPollDelay(ending, { now: NOW, random: mid })).toBeLessThan(HIDDEN_MIN_DELAY_MS);
    expect(nextPollDelay(ending, { now: NOW, random: mid, hidden: true })).toBe(HIDDEN_MIN_DELAY_MS);
    expect(nextPollDelay(waiting(0, 'succeeded'), { now: NOW, hidden: true })).toBe(false);
  });

  it('stops for good in every terminal spelling', () => {
    for (const status of [
      'succeeded',
      'failed',
      'cancelled',
      'canceled',
      'SUCCESS',
      'FAILURE',
      'Cancelled',
    ]) {
      expect(nextPollDelay(waiting(0, status), { now: NOW, random: mid })).toBe(false);
    }
  });

  it('polls a new task every 2 s, then backs off with its age up to the ceiling', () => {
    expect(nextPollDelay(waiting(0), { now: NOW, random: mid })).toBe(MIN_WAITING_DELAY_MS);
    expect(nextPollDelay(waiting(2_000, 'QUEUED'), { now: NOW, random: mid })).toBe(MIN_WAITING_DELAY_MS);
    expect(nextPollDelay(waiting(8_000, 'submitted'), { now: NOW, random: mid })).toBe(6_000);
    expect(nextPollDelay(waiting(10 * 60_000), { now: NOW, random: mid })).toBe(MAX_DELAY_MS);
  });

  it('adds ±20 % jitter', () => {
    const obs = waiting(8_000);
    expect(nextPollDelay(obs, { now: NOW, random: () => 0 })).toBe(4_800);
    expect(nextPollDelay(obs, { now: NOW, random: () => 1 })).toBe(7_200);
  });

  it('polls a running task by its expected end: sparse far from it, aiming just past it when close', () => {
    const origin = { at: NOW - 10_000, progress: 0 };
    const at = (progress: number, random = mid) =>
      nextPollDelay(
        { status: 'running', progress, createdAt: NOW - 60_000, progressOrigin: origin },
        { now: NOW, random },
      );
    // 10 % in 10 s: 90 s left; 70 % of it, capped at the running ceiling.
    expect(at(10)).toBe(MAX_RUNNING_DELAY_MS);
    // 50 % (read as 50.5: a floored step) in 10 s: 9.9 s left → 70 %.
    expect(at(50)).toBe(Math.round((0.7 * 49.5 * 10_000) / 50));
    // 75 % in 10 s: 3.27 s left → just past the predicted end, without jitter.
    expect(at(75)).toBe(Math.round((24.5 * 10_000) / 75 + AIM_PAST_END_MS));
    expect(at(75, () => 0)).toBe(at(75, () => 1));
    // 95 %: under half a second left → aimed that close, not rounded up to a second.
    expect(at(95)).toBe(Math.round((4.5 * 10_000) / 95 + AIM_PAST_END_MS));
    expect(at(100)).toBe(APPROACH_MIN_DELAY_MS);
  });

  it('prefers the rate it measured itself, once it has watched long enough', () => {
    const obs: PollObservation = {
      status: 'running',
      progress: 60,
      createdAt: NOW - 60_000,
      // The server's whole seconds put the start 1 s too early…
      progressOrigin: { at: NOW - 21_000, progress: 0 },
      // …while its own samples say 40 % in 8 s.
      firstSample: { at: NOW - 8_000, progress: 20 },
    };
    expect(estimateRemainingMs(obs, NOW)).toBe((39.5 * 8_000) / 40);
    expect(estimateRemainingMs({ ...obs, firstSample: { at: NOW - 2_000, progress: 55 } }, NOW)).toBe(
      (39.5 * 21_000) / 60,
    );
  });

  it('does not predict from too little progress (falls back to the age rule)', () => {
    const obs: PollObservation = {
      status: 'IN_PROGRESS',
      progress: 1,
      createdAt: NOW - 8_000,
      progressOrigin: { at: NOW - 4_000, progress: 0 },
    };
    expect(estimateRemainingMs(obs, NOW)).toBeUndefined();
    expect(nextPollDelay(obs, { now: NOW, random: mid })).toBe(6_000);
  });

  it('keeps polling an unknown state for a while, then stops', () => {
    const obs = (unknownFor: number): PollObservation => ({
      status: 'thinking',
      createdAt: NOW - 30_000,
      unknownSince: NOW - unknownFor,
    });
    expect(nextPollDelay(obs(60_000), { now: NOW, random: mid })).toBe(MAX_DELAY_MS);
    expect(nextPollDelay(obs(UNKNOWN_STATE_WINDOW_MS), { now: NOW, random: mid })).toBe(false);
  });

  it('backs off after failed polls and never polls before a Retry-After', () => {
    const obs = waiting(0);
    expect(nextPollDelay(obs, { now: NOW, random: mid, consecutiveErrors: 3 })).toBe(8_000);
    expect(nextPollDelay(obs, { now: NOW, random: mid, consecutiveErrors: 30 })).toBe(MAX_ERROR_DELAY_MS);
    expect(nextPollDelay(obs, { now: NOW, random: mid, retryAfterMs: 42_000 })).toBe(42_000);
    expect(nextPollDelay(obs, { now: NOW, random: mid, consecutiveErrors: 1, retryAfterMs: 500 })).toBe(
      2_000,
    );
  });
});

describe('poll memory', () => {
  it('dates a task by the server clock (updated - created), immune to clock skew', () => {
    const task = { status: 'pending', created_at: 5_000_000_000, updated_at: 5_000_000_030 };
    const memory = updatePollMemory(undefined, task, NOW);
    expect(observe(task, memory).createdAt).toBe(NOW - 30_000);
  });

  it('measures progress from started_at by the server clock, or from first sight', () => {
    const running = { status: 'running', progress: 40, started_at: 100, updated_at: 104, created_at: 98 };
    const fromServer = updatePollMemory(undefined, running, NOW);
    expect(fromServer.progressOrigin).toEqual({ at: NOW - 4_000, progress: 0 });
    expect(fromServer.firstSample).toEqual({ at: NOW, progress: 40 });
    // 40 % (40.5: the step's middle) in 4 s → 5.95 s left.
    expect(estimateRemainingMs(observe(running, fromServer), NOW)).toBe(5_950);

    const noTimes = updatePollMemory(undefined, { status: 'IN_PROGRESS', progress: 20 }, NOW);
    expect(noTimes.progressOrigin).toEqual({ at: NOW, progress: 20 });
    const later = updatePollMemory(noTimes, { status: 'IN_PROGRESS', progress: 30 }, NOW + 2_000);
    expect(later.progressOrigin).toEqual(noTimes.progressOrigin);
    // 10 % in 2 s → 69.5 % in 13.9 s.
    expect(estimateRemainingMs(observe({ status: 'IN_PROGRESS', progress: 30 }, later), NOW + 2_000)).toBe(
      13_900,
    );
  });

  it('remembers since when a state is unknown, and forgets it once the state is known', () => {
    const a = updatePollMemory(undefined, { status: 'mystery' }, NOW);
    const b = updatePollMemory(a, { status: 'mystery' }, NOW + 5_000);
    expect(b.unknownSince).toBe(NOW);
    expect(updatePollMemory(b, { status: 'running' }, NOW + 6_000).unknownSince).toBeUndefined();
  });

  it('asks again soon after an aimed poll found the task still running, then backs off', () => {
    // 99 % after 1 s of 20 s: the end is predicted in 0.1 s, so the next poll is aimed at it.
    const at = (now: number, memory?: PollMemory) =>
      updatePollMemory(memory, { status: 'running', progress: 99, started_at: 100, updated_at: 120 }, now);
    let memory = at(NOW);
    expect(memory.missedEnds).toBe(0);
    expect(memory.aimedAt).toBeGreaterThan(NOW);
    const delays: number[] = [];
    let now = NOW;
    for (let i = 0; i < 7; i += 1) {
      const delay = nextPollDelay(observe({ status: 'running', progress: 99 }, memory), { now, random: mid });
      delays.push(delay as number);
      now += delay as number;
      memory = at(now, memory);
    }
    // The first miss costs half a second; a task stuck at 99 % ends up at one request per 15 s.
    expect(delays[0]).toBeLessThan(MIN_DELAY_MS);
    expect(delays.slice(1)).toEqual([
      MISSED_END_RETRY_MS,
      2 * MISSED_END_RETRY_MS,
      4 * MISSED_END_RETRY_MS,
      8 * MISSED_END_RETRY_MS,
      16 * MISSED_END_RETRY_MS,
      MAX_DELAY_MS,
    ]);
    // Progress that moves the predicted end away again starts over.
    memory = updatePollMemory(
      memory,
      { status: 'running', progress: 50, started_at: 100, updated_at: 120 },
      now,
    );
    expect(memory.missedEnds).toBe(0);
  });
});
