import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { differingFields, promptDiff, requestFacts } from './request-facts';

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
});
