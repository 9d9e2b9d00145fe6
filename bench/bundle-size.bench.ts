/**
 * Initial-load weight of the dashboard: index.html plus every script, modulepreload and stylesheet
 * it references, gzipped (level 9, as a CDN or the server's compression would send it). Lazy page
 * chunks are listed apart: they are not part of the first load. Target: under 150 KB gzipped.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;

export function measureInitialLoad(distDir: string) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = [{ name: 'index.html', bytes: Buffer.from(html) }];
  for (const ref of new Set(refs)) files.push({ name: ref, bytes: fs.readFileSync(path.join(distDir, ref)) });
  const rows = files.map((f) => ({
    name: f.name,
    raw: f.bytes.length,
    gzip: gzipSync(f.bytes, { level: 9 }).length,
  }));
  const total = rows.reduce((a, r) => a + r.gzip, 0);
  return { rows, totalGzip: total };
}

function kb(n: number) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function main() {
  const dist = path.resolve(import.meta.dirname, '../dist');
  if (!process.argv.includes('--no-build')) execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  const { rows, totalGzip } = measureInitialLoad(dist);
  console.log('Initial load (gzip -9):');
  for (const r of rows)
    console.log(`  ${r.name.padEnd(48)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
  console.log(
    `  TOTAL ${kb(totalGzip)} gzipped (budget ${BUDGET_KB} KB) ${totalGzip <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`,
  );
  const initial = new Set(rows.map((r) => r.name));
  const lazy = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`))
    .map((f) => ({ f, gz: gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length }))
    .sort((a, b) => b.gz - a.gz);
  console.log(`Lazy chunks (${lazy.length}), largest first:`);
  for (const { f, gz } of lazy.slice(0, 10)) console.log(`  ${f.padEnd(48)} ${kb(gz).padStart(10)} gzip`);
  if (totalGzip > BUDGET_KB * 1024) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
