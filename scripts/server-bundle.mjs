#!/usr/bin/env node
/**
 * The local server as `npm start` runs it and the test suites start it: server/main.ts and the JSON
 * Schema worker bundled by esbuild into two plain ES modules, packages left to node_modules
 * (decision 383). Node then loads two files instead of transpiling some 300 TypeScript modules
 * through tsx at every start: 0.45-0.53 s of CPU to listen against 1.43-1.63 s. `npm run dev`
 * and Vitest still run the sources.
 *
 *   node scripts/server-bundle.mjs [outDir]   (default build/server)
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where tests keep their bundles, one folder per content (server/test/server-process.ts). */
const TEST_BUNDLES = path.join(ROOT, 'node_modules/.cache/media-studio-server');

/** The two output files' contents, by name (main.mjs, schema-worker.mjs, and their maps). */
async function bundleFiles() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'server/main.ts',
      // A sibling of main.mjs: the pool looks for it there (server/services/text/schemas/schema-pool.ts).
      'schema-worker': 'server/services/text/schemas/schema-worker.ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    outdir: 'out',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles.map((file) => ({ name: path.basename(file.path), contents: file.contents }));
}

function writeAll(dir, files) {
  fs.mkdirSync(dir, { recursive: true });
  for (const { name, contents } of files) fs.writeFileSync(path.join(dir, name), contents);
}

/** Bundles the server into `outDir`; returns the entry's path. */
export async function bundleServer(outDir = path.join(ROOT, 'build/server')) {
  fs.rmSync(outDir, { recursive: true, force: true });
  writeAll(outDir, await bundleFiles());
  return path.join(outDir, 'main.mjs');
}

/**
 * The bundle of the sources as they are now, in a folder named by its content under TEST_BUNDLES:
 * every test process of a run asks, the first writes it (to a temporary name, then renamed, so
 * that processes asking at once never read half a file) and the others find it.
 */
export async function testServerBundle() {
  const files = await bundleFiles();
  const hash = createHash('sha256');
  for (const { name, contents } of files) hash.update(name).update(contents);
  const dir = path.join(TEST_BUNDLES, hash.digest('hex').slice(0, 16));
  if (!fs.existsSync(path.join(dir, 'main.mjs'))) {
    const scratch = `${dir}.${process.pid}-${Date.now()}`;
    writeAll(scratch, files);
    try {
      fs.renameSync(scratch, dir);
    } catch {
      // Another process renamed its identical copy first.
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return path.join(dir, 'main.mjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await bundleServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`server bundled: ${path.relative(process.cwd(), entry)}`);
}
