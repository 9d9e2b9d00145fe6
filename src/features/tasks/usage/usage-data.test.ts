import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { dayOf, summariseUsage, taskUsageSample, textUsageSamples } from './usage-data';

const DAY1 = new Date(2026, 10, 20, 10).getTime();
const DAY2 = new Date(2026, 10, 21, 23).getTime();
const tracked = (id: string, createdAt: number, request?: Record<string, unknown>): TrackedTask => ({
  id,
  kind: 'video',
  model: 'video-2.0-cl',
  createdAt,
  source: 'composer',
  request,
});

describe('usage over time', () => {
  it('sums tokens by day, model and billing rule, and counts tasks without usage as unknown', () => {
    const samples = [
      taskUsageSample(tracked('a', DAY1), {
        id: 'a',
        status: 'succeeded',
        usage: { total_tokens: 100 },
      } as Task),
      taskUsageSample(tracked('b', DAY1), { id: 'b', status: 'failed', usage: { total_tokens: 50 } } as Task),
      taskUsageSample(
        tracked('c', DAY1, { references: [{ media_type: 'video', url: 'https://e.com/v.mp4' }] }),
        { id: 'c', status: 'succeeded', usage: { total_tokens: 400 } } as Task,
      ),
      taskUsageSample(tracked('d', DAY2), { id: 'd', status: 'succeeded' } as Task),
      taskUsageSample(tracked('e', DAY2), {
        id: 'e',
        status: 'running',
        has_video_input: true,
        usage: { total_tokens: 7 },
      } as Task),
    ];
    const s = summariseUsage(samples);
    expect(s.days).toEqual([dayOf(DAY1), dayOf(DAY2)]);
    expect(s.byKind).toEqual([{ key: 'video', tokens: 557, counted: 4, unknown: 1 }]);
    expect(s.unknown).toBe(1);
    const row = (day: number, rule: string) => s.rows.find((r) => r.day === dayOf(day) && r.rule === rule);
    expect(row(DAY1, 'withoutVideo')).toMatchObject({ tokens: 150, counted: 2, unknown: 0 });
    expect(row(DAY1, 'withVideo')).toMatchObject({ tokens: 400, counted: 1 });
    expect(row(DAY2, 'withoutVideo')).toMatchObject({ tokens: 0, counted: 0, unknown: 1 });
    expect(row(DAY2, 'withVideo')).toMatchObject({ tokens: 7 });
  });

  it('keeps tokens per kind: a music task has no billing rule and is not added to video tokens', () => {
    const music: TrackedTask = { ...tracked('m', DAY1), kind: 'music', model: 'music-v5.5' };
    const samples = [
      taskUsageSample(tracked('a', DAY1), {
        id: 'a',
        status: 'succeeded',
        usage: { total_tokens: 1000 },
      } as Task),
      taskUsageSample(music, { id: 'm', status: 'succeeded', usage: { total_tokens: 7 } } as Task),
    ];
    expect(samples[1]!.rule).toBeUndefined();
    const s = summariseUsage(samples);
    expect(s).not.toHaveProperty('total');
    expect(s.byKind.map((k) => [k.key, k.tokens])).toEqual([
      ['video', 1000],
      ['music', 7],
    ]);
    expect(s.byRule).toEqual([{ key: 'withoutVideo', tokens: 1000, counted: 1, unknown: 0 }]);
  });

  it("reads the playground's replies, ignoring what it cannot read", () => {
    const stored = JSON.stringify({
      state: {
        conversations: [
          {
            updatedAt: DAY2,
            messages: [
              { role: 'user', content: 'hi' },
              { role: 'assistant', content: 'hello', stats: { model: 'text-1', usage: { totalTokens: 12 } } },
              { role: 'assistant', content: 'x', stats: { model: 'text-1' } },
            ],
          },
          { messages: 'nope' },
        ],
      },
    });
    expect(textUsageSamples(stored)).toEqual([
      { day: dayOf(DAY2), model: 'text-1', source: 'text', kind: 'text', tokens: 12 },
      { day: dayOf(DAY2), model: 'text-1', source: 'text', kind: 'text', tokens: undefined },
    ]);
    expect(textUsageSamples('{broken')).toEqual([]);
    expect(textUsageSamples(null)).toEqual([]);
  });
});
