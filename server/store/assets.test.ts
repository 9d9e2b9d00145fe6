import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { ownerOf } from '../middleware/auth';
import { DEFAULT_API_KEY } from '../config';
import { type NewAssetRow, insertAsset } from './assets';
import { ensureDefaultGroup } from './groups';

const COUNT = 12_000;
let t: TestApp;

function row(i: number, owner: string): NewAssetRow {
  const types = ['image', 'audio', 'video', 'file'] as const;
  return {
    id: `asset_perf${String(i).padStart(8, '0')}`,
    owner,
    group_id: 'grp_default',
    domain: 'media',
    type: types[i % 4]!,
    name: `n${i}`,
    description: '',
    origin: 'url',
    mode: 'asset',
    source_url: `https://example.com/${i}.png`,
    file_path: null,
    content_type: 'image/png',
    size: 1,
    duration: 0,
    status: i % 10 === 0 ? 'failed' : 'ready',
    sync_status: 'ready',
    preparation_status: 'ready',
    review_status: 'succeeded',
    review_passed: 1,
    generation_ready: 1,
    sync_error: null,
    visibility: 'private',
    model: null,
    purpose: null,
    role: null,
    metadata: null,
    fault: null,
    pace: 1,
    stage: 'ready',
    work_state: 'none',
    next_transition_at: null,
    // Many rows share a millisecond: the order must still be total and stable.
    created_ms: 1_700_000_000_000 + Math.floor(i / 7),
    updated_ms: 1_700_000_000_000,
  };
}

beforeAll(() => {
  t = makeTestApp();
  const owner = ownerOf(DEFAULT_API_KEY);
  ensureDefaultGroup(t.ctx.db, owner);
  t.ctx.db.transaction(() => {
    for (let i = 0; i < COUNT; i++) insertAsset(t.ctx.db, row(i, owner));
  })();
});
afterAll(() => t.close());

// Latency is measured in bench/asset-list.bench.ts; here only order and totals at scale.
async function list(url: string) {
  const res = await t.req(url);
  const body = (await res.json()) as { total: number; data: Array<{ id: string }> };
  return { body };
}

describe('asset list at scale', () => {
  it('pages 12,000 assets of one group newest first, with a stable tiebreak', async () => {
    const first = await list('/v1/assets?page_size=100');
    expect(first.body.total).toBe(COUNT);
    expect(first.body.data[0]!.id).toBe(`asset_perf${String(COUNT - 1).padStart(8, '0')}`);
    expect(first.body.data[1]!.id).toBe(`asset_perf${String(COUNT - 2).padStart(8, '0')}`);
    const last = await list(`/v1/assets?page_size=100&page=${COUNT / 100}`);
    expect(last.body.data.at(-1)!.id).toBe('asset_perf00000000');
    const filtered = await list('/v1/assets?type=video&status=ready&page=20');
    expect(filtered.body.total).toBe(COUNT / 4 - COUNT / 20);
  });

  it('answers from the (owner, group_id, …) indexes, never a table scan', () => {
    const plan = (sql: string) =>
      (t.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('o', 'g') as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join(' | ');
    const list = plan(
      'SELECT * FROM assets WHERE owner = ? AND group_id = ? ORDER BY created_ms DESC, seq DESC LIMIT 20',
    );
    expect(list).toMatch(/USING INDEX assets_by_group/);
    expect(list).not.toMatch(/USE TEMP B-TREE/);
    const count = plan('SELECT COUNT(*) FROM assets WHERE owner = ? AND group_id = ?');
    expect(count).toMatch(/USING COVERING INDEX/);
  });
});
