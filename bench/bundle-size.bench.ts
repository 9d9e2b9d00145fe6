/**
 * Initial-load weight of the dashboard: index.html plus every script, modulepreload and stylesheet
 * it references (the shell and, since decision 140, the first route's code), gzipped (level 9) and
 * brotli-compressed (quality 11: the copies the build writes and the server sends). Lazy page
 * chunks are listed apart. The target of issue 19, 150 KB on the wire before the first paint, is
 * measured in the browser by first-open.bench.ts; this is the build's share of it.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 150;

/**
 * index.html's scripts, preloads and styles, brotli 11. The first render's strings are preloaded in
 * every language, marked `data-lang`, and the server sends only the request's and the fallback's
 * (decision 200): the others are left out, as the server leaves them out of the page.
 */
export function measureInitialLoad(distDir: string, languages: readonly string[] = ['en']) {
  const html = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/\s*<link\b[^>]*\bdata-lang="([^"]*)"[^>]*>/g, (link: string, lang: string) =>
      languages.includes(lang) ? link : '',
    );
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = [{ name: 'index.html', bytes: Buffer.from(html) }];
  for (const ref of new Set(refs)) files.push({ name: ref, bytes: fs.readFileSync(path.join(distDir, ref)) });
  const rows = files.map((f) => ({
    name: f.name,
    raw: f.bytes.length,
    gzip: gzipSync(f.bytes, { level: 9 }).length,
    brotli: brotliCompressSync(f.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  return {
    rows,
    totalGzip: rows.reduce((a, r) => a + r.gzip, 0),
    totalBrotli: rows.reduce((a, r) => a + r.brotli, 0),
  };
}

function kb(n: number) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function main() {
  const dist = path.resolve(import.meta.dirname, '../dist');
  if (!process.argv.includes('--no-build')) execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  const { rows, totalGzip, totalBrotli } = measureInitialLoad(dist);
  console.log('Initial load (gzip -9, brotli 11):');
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(48)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip ${kb(r.brotli).padStart(10)} br`,
    );
  console.log(
    `  TOTAL ${kb(totalGzip)} gzipped, ${kb(totalBrotli)} brotli (budget ${BUDGET_KB} KB brotli) ${totalBrotli <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`,
  );
  const initial = new Set(rows.map((r) => r.name));
  const lazy = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`))
    .map((f) => ({ f, gz: gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length }))
    .sort((a, b) => b.gz - a.gz);
  console.log(`Lazy chunks (${lazy.length}), largest first:`);
  for (const { f, gz } of lazy.slice(0, 10)) console.log(`  ${f.padEnd(48)} ${kb(gz).padStart(10)} gzip`);
  if (totalBrotli > BUDGET_KB * 1024) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
