import { describe, expect, it } from 'vitest';
import type { UploadItem } from './upload-queue';
import { finishedCounts, splitDuration, uploadStats } from './upload-stats';

const item = (patch: Partial<UploadItem>): UploadItem => ({
  id: 'u',
  file: new File(['x'], 'a.png'),
  fields: {},
  status: 'queued',
  loaded: 0,
  total: 1000,
  ...patch,
});

describe('uploadStats', () => {
  it('sums finished and running files into one batch and estimates time left from the speed', () => {
    const now = 10_000;
    const stats = uploadStats(
      [
        item({ status: 'succeeded', loaded: 1000, total: 1000 }),
        item({ status: 'uploading', loaded: 500, total: 1000, startedAt: now - 1000 }),
        item({ status: 'queued', total: 2000 }),
        item({ status: 'failed', loaded: 10, total: 5000 }),
      ],
      now,
    );
    expect(stats).toEqual({
      active: 2,
      totalBytes: 4000,
      sentBytes: 1500,
      bytesPerSecond: 500,
      secondsLeft: 5,
    });
  });

  it('gives no speed before there is anything to measure', () => {
    const stats = uploadStats([item({ status: 'uploading', loaded: 0, startedAt: 0 })], 5000);
    expect(stats.bytesPerSecond).toBeUndefined();
    expect(stats.secondsLeft).toBeUndefined();
  });

  it('states durations in the largest unit that keeps them short', () => {
    expect(splitDuration(0)).toEqual({ value: 1, unit: 'second' });
    expect(splitDuration(45)).toEqual({ value: 45, unit: 'second' });
    expect(splitDuration(150)).toEqual({ value: 3, unit: 'minute' });
    expect(splitDuration(5400)).toEqual({ value: 1.5, unit: 'hour' });
  });
});

describe('finishedCounts', () => {
  it('counts a failed and a cancelled file apart from those sent', () => {
    expect(
      finishedCounts([
        item({ status: 'succeeded' }),
        item({ status: 'failed' }),
        item({ status: 'cancelled' }),
        item({ status: 'succeeded' }),
      ]),
    ).toEqual({ sent: 2, failed: 1, cancelled: 1 });
  });
});
