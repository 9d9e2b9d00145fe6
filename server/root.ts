import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder: the nearest one above this module holding package.json and server/. The
 * server runs from its sources (tsx: server/root.ts) and from its bundle (build/server/main.mjs,
 * or a test's bundle under node_modules/.cache: decision 383), so files it ships beside its code
 * (fonts, package.json) are found from here, never from a path relative to the running module.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'server'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`no project folder (package.json and server/) above ${import.meta.url}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot();
