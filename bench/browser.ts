/**
 * What the browser benches share: the Chromium they launch (Debian's, with the same flags, so their
 * figures compare), the build they measure, the task registry they seed, and how a CPU profile is
 * summed up.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The Chromium the e2e tests launch, with the same flags. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * The dashboard build to measure: `--dist DIR` as given, else dist/ built now (`--no-build` reuses
 * an existing one). `outDir` builds elsewhere (a bench that must not race another's dist/).
 */
export function buildDist(outDir = path.join(ROOT, 'dist')): string {
  const at = process.argv.indexOf('--dist');
  if (at > 0) return path.resolve(process.argv[at + 1]!);
  if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(outDir, 'index.html'))) {
    const built = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (built.status !== 0) throw new Error('vite build failed');
  }
  return outDir;
}

// first-open and page-switch read the median from here; it lives with the other figures.
export { median } from './stats';

/**
 * Writes records into one of the dashboard's IndexedDB stores as idb-keyval lays them out (one
 * object store, each record under its id), as the page would have left them; the page reads them
 * when it is next opened. Plain JavaScript text: tsx's keepNames would wrap a TypeScript function
 * in a helper the page does not have.
 */
export async function seedIdbKeyval(
  page: Page,
  database: string,
  store: string,
  records: readonly { id: string }[],
): Promise<void> {
  await page.evaluate(`((records) => new Promise((resolve, reject) => {
    const open = indexedDB.open(${JSON.stringify(database)});
    open.onupgradeneeded = () => open.result.createObjectStore(${JSON.stringify(store)});
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(${JSON.stringify(store)}, 'readwrite');
      for (const r of records) tx.objectStore(${JSON.stringify(store)}).put(r, r.id);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }))(${JSON.stringify(records)})`);
}

/** Tracked tasks in the task registry (decision 045), as the composer would have left them. */
export const seedTaskRegistry = (page: Page, records: readonly { id: string }[]): Promise<void> =>
  seedIdbKeyval(page, 'media-studio-tasks', 'tasks', records);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * The heaviest self-time stacks of a CDP CPU profile (ms): each sample's function with up to
 * `depth` callers, so a hot spot says who called it.
 */
export function topSelf(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  n = 8,
  depth = 4,
): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  };
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const chain = [name(id)];
    for (let p = parent.get(id), d = 0; p !== undefined && d < depth; p = parent.get(p), d++)
      chain.push(name(p));
    const key = chain.join(' < ');
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/** Runs a bench's main when the file is run itself (not imported by run.ts's callers). */
export function runWhenMain(fileUrl: string, main: () => Promise<unknown>): void {
  if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(fileUrl).pathname))
    main().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
