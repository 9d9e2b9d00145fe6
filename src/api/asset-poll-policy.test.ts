import { describe, expect, it } from 'vitest';
import { assetPollDelay, createdOnOurClock, readinessPollDelay } from './asset-poll-policy';

/** The times (ms after creation) at which a poller following the policy looks at one asset. */
function schedule(type: string | undefined, until: number): number[] {
  const looks: number[] = [];
  let at = 0;
  while (at < until) {
    at += assetPollDelay({ type, ageMs: at });
    looks.push(at);
  }
  return looks;
}

describe('readiness polling policy', () => {
  it('looks once after 1 s, then just past the typical end: a 5 s video is seen at 5.3 s', () => {
    expect(schedule('video', 5_000)).toEqual([1_000, 5_300]);
    expect(schedule('image', 3_000)).toEqual([1_000, 3_300]);
    expect(schedule('audio', 2_000)).toEqual([1_000, 2_300]);
    // The old backoff (1, 2, 4 s) saw the same video at 7 s.
  });

  it('closes in on a slow asset and then backs off to one look per 10 s', () => {
    const looks = schedule('video', 60_000);
    expect(looks.slice(0, 3)).toEqual([1_000, 5_300, 6_300]);
    // Once overdue: never faster than a second, growing with the delay, capped at 10 s.
    const overdue = looks.slice(2).map((at, i) => at - looks[i + 1]!);
    expect(overdue.every((g) => g >= 1_000)).toBe(true);
    expect(overdue.every((g, i) => i === 0 || g >= overdue[i - 1]!)).toBe(true);
    const gaps = overdue;
    expect(Math.max(...gaps)).toBe(10_000);
  });

  it('takes 70 % of a long time left, at most 10 s', () => {
    // A type whose typical time is far off is not asked about every second meanwhile.
    expect(assetPollDelay({ type: 'video', ageMs: 0 })).toBe(1_000);
    expect(assetPollDelay({ type: 'video', ageMs: 1_000 })).toBe(4_300);
    expect(assetPollDelay({ type: 'unknown-kind', ageMs: 1_000 })).toBe(2_300);
    expect(assetPollDelay({ type: undefined, ageMs: 2_500 })).toBe(800);
  });

  it('never asks again sooner than 300 ms, whatever the state changes', () => {
    expect(assetPollDelay({ type: 'image', ageMs: 990 })).toBe(300);
    expect(assetPollDelay({ type: 'image', ageMs: 2_999 })).toBe(301);
  });

  it('takes the soonest delay of a list, and stops with nothing preparing', () => {
    expect(
      readinessPollDelay([
        { type: 'video', ageMs: 30_000 },
        { type: 'image', ageMs: 2_000 },
      ]),
    ).toBe(1_300);
    expect(readinessPollDelay([])).toBe(false);
  });

  it('places creation on our clock by the server span, not the browser clock', () => {
    expect(createdOnOurClock({ created_at: 100, updated_at: 102 }, 50_000)).toBe(48_000);
    expect(createdOnOurClock({ created_at: 100, updated_at: 99 }, 50_000)).toBe(50_000);
    expect(createdOnOurClock({}, 50_000)).toBe(50_000);
  });
});
