import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render';
import { newShot, type Storyboard } from './storyboard';
import { uploadFrame } from './storyboard-frames';

const board = (over: Partial<Storyboard> = {}): Storyboard => ({
  id: 'sb-pier',
  name: 'Pier chase',
  updatedAt: 0,
  cast: [],
  shots: [newShot(), newShot({}, true)],
  joins: ['cut'],
  ...over,
});

const groups = (data: unknown[]) =>
  json({ object: 'list', data, count: data.length, total: data.length, page: 1, page_size: 100 });

/** The API's answers, and what was uploaded and created. */
function api(existing: Array<{ id: string; name: string }> = []) {
  const made: unknown[] = [];
  const uploads: Record<string, string>[] = [];
  const known = [...existing.map((g) => ({ object: 'asset_group', ...g }))];
  mockFetch({
    'GET /v1/asset-groups': () => groups(known),
    'POST /v1/asset-groups': (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { name: string };
      made.push(body);
      const group = { object: 'asset_group', id: `grp_${made.length}`, name: body.name };
      known.push(group);
      return json(group);
    },
    'POST /v1/assets/uploads': (_url, init) => {
      const form = init!.body as FormData;
      const fields = Object.fromEntries(
        [...form.entries()].filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>;
      uploads.push(fields);
      return json({
        object: 'asset',
        id: `asset_${uploads.length}`,
        type: 'image',
        group_id: fields.group_id,
      });
    },
  });
  return { made, uploads };
}

beforeEach(() => useConnectionStore.setState(TEST_CONNECTION));
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('where last frames go', () => {
  it('into one group of the storyboard’s own, named after it and the shot, never the default group', async () => {
    const { made, uploads } = api();
    const client = createTestQueryClient();
    const first = await uploadFrame(
      client,
      new Blob(['png']),
      'video-2.0-cl',
      { board: 'Pier chase', shot: 1 },
      board(),
    );
    expect(made).toEqual([{ name: 'Storyboard · Pier chase', description: 'sb-pier' }]);
    expect(uploads[0]).toMatchObject({
      group_id: 'grp_1',
      name: 'Pier chase · last frame of shot 1',
      type: 'image',
    });
    expect(first).toEqual({ id: 'asset_1', groupId: 'grp_1' });
    // The board remembers its group: the next frame goes there without another group.
    await uploadFrame(
      client,
      new Blob(['png']),
      'video-2.0-cl',
      { board: 'Pier chase', shot: 2 },
      board({ frameGroupId: 'grp_1' }),
    );
    expect(made).toHaveLength(1);
    expect(uploads[1]).toMatchObject({ group_id: 'grp_1', name: 'Pier chase · last frame of shot 2' });
  });

  it('two frames taken at once make one group, not two', async () => {
    const { made } = api();
    const client = createTestQueryClient();
    await Promise.all([
      uploadFrame(client, new Blob(['a']), 'm', { board: 'Pier chase', shot: 1 }, board()),
      uploadFrame(client, new Blob(['b']), 'm', { board: 'Pier chase', shot: 3 }, board()),
    ]);
    expect(made).toHaveLength(1);
  });

  it('finds the group of that name instead of making another', async () => {
    const { made, uploads } = api([{ id: 'grp_old', name: 'Storyboard · Pier chase' }]);
    await uploadFrame(
      createTestQueryClient(),
      new Blob(['png']),
      'm',
      { board: 'Pier chase', shot: 1 },
      board(),
    );
    expect(made).toHaveLength(0);
    expect(uploads[0]).toMatchObject({ group_id: 'grp_old' });
  });

  it('speaks the person’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    const { made, uploads } = api();
    await uploadFrame(
      createTestQueryClient(),
      new Blob(['png']),
      'm',
      { board: 'Pier chase', shot: 2 },
      board(),
    );
    expect(made).toEqual([{ name: '分镜 · Pier chase', description: 'sb-pier' }]);
    expect(uploads[0]).toMatchObject({ name: 'Pier chase · 镜头 2 的最后一帧' });
  });
});
