import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { promptDiff } from '@/lib/request-diff';
import { differingFields, requestFacts } from './request-facts';

const tracked = (id: string, request: Record<string, unknown>): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  request,
});

describe('request facts', () => {
  it('reads the body as sent, the task object filling in, and lists references', () => {
    const a = requestFacts(
      tracked('a', {
        model: 'video-2.0-cl',
        prompt: 'a red fox',
        duration: 5,
        aspect_ratio: '16:9',
        references: [{ media_type: 'image', role: 'reference_image', url: 'Asset://asset_1', alias: 'fox' }],
      }),
      { id: 'a', status: 'succeeded', resolution: '720p' } as never,
    );
    expect(a).toEqual({
      prompt: 'a red fox',
      model: 'video-2.0-cl',
      duration: '5',
      ratio: '16:9',
      resolution: '720p',
      references: ['reference_image image @fox Asset://asset_1'],
    });
  });

  it('names the fields that differ, and diffs prompts word by word', () => {
    const a = requestFacts(tracked('a', { model: 'm', prompt: 'a red fox runs', duration: 5 }));
    const b = requestFacts(tracked('b', { model: 'm', prompt: 'a grey fox runs', duration: 8 }));
    expect([...differingFields([a, b])].sort()).toEqual(['duration', 'prompt']);
    expect(differingFields([a, a]).size).toBe(0);
    const parts = promptDiff(a.prompt, b.prompt);
    expect(parts.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual(['red']);
    expect(parts.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual(['grey']);
  });

  it('never counts an output field as a difference: each result has its own video_url', () => {
    const body = { model: 'm', prompt: 'fox', duration: 5 };
    const a = requestFacts(tracked('a', body), { id: 'a', video_url: 'https://x/a.mp4' } as never);
    const b = requestFacts(tracked('b', body), { id: 'b', video_url: 'https://x/b.mp4' } as never);
    expect(differingFields([a, b]).size).toBe(0);
    expect(a.references).toEqual([]);
    // A pasted id (no body seen here) reads request fields from the task, never its outputs.
    const pasted = { id: 'p', kind: 'video', createdAt: 1, source: 'pasted' } as TrackedTask;
    const p = requestFacts(pasted, {
      id: 'p',
      model: 'm',
      duration: 5,
      video_url: 'https://x/p.mp4',
    } as never);
    expect(p).toMatchObject({ model: 'm', duration: '5', references: [] });
  });
});
