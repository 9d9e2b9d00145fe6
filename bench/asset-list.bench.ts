/**
 * GET /v1/assets at scale, through the real app (`app.request()`, no network): latency of the first
 * page, a page deep in the group, and a filtered page, for groups of 10,000 and 100,000 assets.
 * Run: `npx tsx bench/asset-list.bench.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { closeContext, createContext } from '../server/create-context';
import { seedAssetLibrary } from './asset-library-seed';

const API_KEY = 'sk-local-dev';
const ROUNDS = 200;

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-asset-list-'));
  try {
    const seed = seedAssetLibrary({ dataDir, apiKey: API_KEY, count, mediaOrigin: 'http://127.0.0.1:9' });
    const ctx = createContext(loadConfig({ DATA_DIR: dataDir }), { silent: true });
    const app = createApp(ctx);
    const headers = { Authorization: `Bearer ${API_KEY}` };
    const group = seed.groupId;
    const cases = {
      'first page (20)': `/v1/assets?group_id=${group}`,
      'page 40 of 100': `/v1/assets?group_id=${group}&page_size=100&page=40`,
      'last page (100)': `/v1/assets?group_id=${group}&page_size=100&page=${Math.ceil(count / 100)}`,
      'filtered (type=video)': `/v1/assets?group_id=${group}&type=video&page=3`,
    };
    console.log(`${count.toLocaleString('en')} assets (seeded in ${seed.ms.toFixed(0)} ms)`);
    for (const [name, url] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const started = performance.now();
        const res = await app.request(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        times.push(performance.now() - started);
      }
      const fmt = (n: number) => `${n.toFixed(2)} ms`;
      console.log(
        `  ${name.padEnd(24)} p50 ${fmt(pct(times, 50)).padStart(9)}  p95 ${fmt(pct(times, 95)).padStart(9)}  (${ROUNDS} requests)`,
      );
    }
    await closeContext(ctx);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const count of [10_000, 100_000]) await measure(count);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
