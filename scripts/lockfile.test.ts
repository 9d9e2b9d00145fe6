import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `npm install` rewrites package-lock.json when it installs a package whose `hasInstallScript` mark
 * the lockfile lacks, so a fresh clone would no longer be clean after the README's set-up command
 * (issue 46): better-sqlite3 declares no install script and `gypfile: false`, yet npm marks it from
 * its binding.gyp. npm records what it installed, marks included, in node_modules/.package-lock.json:
 * the committed lockfile must agree with it. CI's `git diff --exit-code package-lock.json` after
 * `npm install` on a fresh clone checks the whole file; this finds a wrong mark at once.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

interface Lock {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Lock;

/** The packages npm installed whose install-script mark the committed lockfile does not repeat. */
function wrongMarks(committed: Lock, installed: Lock): string[] {
  return Object.entries(installed.packages).flatMap(([where, entry]) => {
    const inLock = committed.packages[where];
    if (!inLock) return [];
    const marked = Boolean(inLock.hasInstallScript);
    return marked === Boolean(entry.hasInstallScript)
      ? []
      : [`${where}: npm installs it with hasInstallScript ${!marked}`];
  });
}

describe('package-lock.json', () => {
  it('marks install scripts as npm does when it installs the packages', () => {
    const committed = read(path.join(ROOT, 'package-lock.json'));
    const installed = read(path.join(ROOT, 'node_modules/.package-lock.json'));
    expect(wrongMarks(committed, installed)).toEqual([]);
  });

  it('names a package installed with a mark the lockfile lacks, or without one it has', () => {
    const lock = (mark?: boolean): Lock => ({
      packages: { 'node_modules/better-sqlite3': mark === undefined ? {} : { hasInstallScript: mark } },
    });
    expect(wrongMarks(lock(), lock(true))).toEqual([
      'node_modules/better-sqlite3: npm installs it with hasInstallScript true',
    ]);
    expect(wrongMarks(lock(true), lock())).toEqual([
      'node_modules/better-sqlite3: npm installs it with hasInstallScript false',
    ]);
    expect(wrongMarks(lock(true), lock(true))).toEqual([]);
    expect(wrongMarks(lock(), { packages: {} })).toEqual([]);
  });
});
