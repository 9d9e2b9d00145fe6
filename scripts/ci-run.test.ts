import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `.ci/run` does not call `npm test`: it runs the same steps split into two passes, lint and type
 * checks side by side (decisions 295, 296). This keeps the two lists equal: a step added to
 * `npm test` and forgotten in CI would otherwise never run where it counts.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** What `npm test` runs that the first pass of `ciText` does not run whole. */
function gaps(ciText: string, testScript: string): string[] {
  const [firstPass] = ciText.split(/^stamp "pass 2/m);
  const runs = firstPass!
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .flatMap((line) => [...line.matchAll(/npm run ([\w:-]+)([^>&\n]*)/g)])
    .map((m) => ({ script: m[1]!, args: m[2]!.trim() }));
  return [...testScript.matchAll(/npm run ([\w:-]+)/g)].flatMap(([, step]) => {
    const run = runs.find((r) => r.script === step);
    if (!run) return [`${step} is not run`];
    // Whole: no project, file or test filter; a worker count is fine.
    const filters = run.args
      .replace(/--maxWorkers="?\$?\w+"?/g, '')
      .trim()
      .replace(/^--$/, '');
    return filters ? [`${step} is run with ${filters}`] : [];
  });
}

describe('.ci/run against npm test', () => {
  it('runs every step of `npm test` in its first pass, whole', () => {
    expect(pkg.scripts.test).toBe(
      'npm run lint && npm run typecheck && npm run test:unit && npm run test:e2e',
    );
    expect(gaps(ci, pkg.scripts.test!)).toEqual([]);
  });

  it('notices a step left out, or run filtered', () => {
    expect(gaps(ci.replace(/^.*npm run typecheck.*$/m, ''), pkg.scripts.test!)).toEqual([
      'typecheck is not run',
    ]);
    expect(
      gaps(ci.replace(/npm run test:e2e$/m, 'npm run test:e2e -- --grep @runtime'), pkg.scripts.test!),
    ).toEqual(['test:e2e is run with -- --grep @runtime']);
    expect(gaps(ci, `${pkg.scripts.test} && npm run bench`)).toEqual(['bench is not run']);
  });

  it('fails a run on a flaky test', () => {
    expect(ci).toMatch(/^export E2E_FAIL_ON_FLAKY=1$/m);
  });
});
