import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { ownerOf } from '../middleware/auth';
import { DEFAULT_API_KEY } from '../config';
import { readyAssetRow } from '../test/asset-rows';
import { type AssetListQuery, insertAsset, listAssets, type NewAssetRow } from './assets';
import { ensureDefaultGroup } from './groups';

const COUNT = 12_000;
let t: TestApp;

function row(i: number, owner: string): NewAssetRow {
  const types = ['image', 'audio', 'video', 'file'] as const;
  return readyAssetRow({
    id: `asset_perf${String(i).padStart(8, '0')}`,
    owner,
    type: types[i % 4]!,
    name: `n${i}`,
    source_url: `https://example.com/${i}.png`,
    content_type: 'image/png',
    size: 1,
    status: i % 10 === 0 ? 'failed' : 'ready',
    work_state: 'none',
    // Many rows share a millisecond: the order must still be total and stable.
    created_ms: 1_700_000_000_000 + Math.floor(i / 7),
    updated_ms: 1_700_000_000_000,
  });
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
    const base: AssetListQuery = { groupId: 'grp_default', page: 3, pageSize: 20 };
    const plans = (q: AssetListQuery) =>
      statementsRunBy(() => listAssets(t.ctx.db, 'o', q)).map(({ sql, params }) => ({
        sql,
        plan: (t.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>)
          .map((r) => r.detail)
          .join(' | '),
      }));
    const [page, count] = plans(base);
    expect(page!.sql).toMatch(/^SELECT \* FROM assets .*ORDER BY created_ms DESC, seq DESC LIMIT/);
    expect(page!.plan).toMatch(/USING INDEX assets_by_group/);
    expect(page!.plan).not.toMatch(/USE TEMP B-TREE/);
    expect(count!.sql).toMatch(/^SELECT COUNT\(\*\)/);
    expect(count!.plan).toMatch(/USING COVERING INDEX/);
    // Each filter the dashboard offers has its own index in the same order: no sort, no scan.
    for (const filter of [
      { type: 'video' },
      { status: 'ready' },
      { type: 'video', status: 'ready' },
    ] as const) {
      for (const { sql, plan } of plans({ ...base, ...filter })) {
        expect(plan, sql).toMatch(/USING (COVERING )?INDEX assets_by_group/);
        expect(plan, sql).not.toMatch(/USE TEMP B-TREE|SCAN assets(?! USING)/);
      }
    }
  });
});

/** The SQL and parameters of every statement `run` executes through the test database. */
function statementsRunBy(run: () => unknown): Array<{ sql: string; params: unknown }> {
  const db = t.ctx.db;
  const ran: Array<{ sql: string; params: unknown }> = [];
  const prepare = db.prepare.bind(db);
  const spy = vi.spyOn(db, 'prepare').mockImplementation((sql: string) => {
    const statement = prepare(sql);
    const record =
      (method: 'all' | 'get') =>
      (...args: unknown[]) => {
        ran.push({ sql, params: args[0] });
        return Reflect.apply(statement[method], statement, args) as unknown;
      };
    return Object.assign(Object.create(statement) as typeof statement, {
      all: record('all'),
      get: record('get'),
    });
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return ran;
}
