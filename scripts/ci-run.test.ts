import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testPlan } from './test';

/*
 * CI runs the README's own commands, so that a green CI means a newcomer's `npm install && npm test`
 * passes (issue 46, decision 365). `.ci/run`'s first pass is exactly those two commands, whole;
 * anything else it ran or installed would be a second list of what the tests need, bound to drift
 * from `npm test`'s.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The commands of pass 1 of `ciText` that set the machine up or test it: npm, npx, apt-get. */
function firstPassCommands(ciText: string): string[] {
  const [firstPass] = ciText.split(/^stamp "pass 2/m);
  return (
    firstPass!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => !line.startsWith('#'))
      // A command starts the line, after any `(` or `{` and variable assignments (`PATH=… npm …`).
      .map((line) => line.replace(/^[({\s]*(\w+=\S+\s+)*/, ''))
      .filter((line) => /^(sudo\s+)?(npm|npx|apt-get|apt|playwright)\s/.test(line))
  );
}

describe('.ci/run against the README', () => {
  it("runs the README's set-up and test commands in its first pass, whole, and nothing more", () => {
    expect(readme).toMatch(/^npm install && npm start /m);
    expect(readme).toMatch(/^npm test /m);
    expect(firstPassCommands(ci)).toEqual(['npm install --no-audit --no-fund', 'npm test']);
  });

  it('notices a step run beside npm test, npm test filtered, or an install of its own', () => {
    const withLint = ci.replace(/^npm test$/m, '(PATH="$x:$PATH" npm run lint) &\nnpm test');
    expect(firstPassCommands(withLint)).toContain('npm run lint) &');
    const filtered = ci.replace(/^npm test$/m, 'npm test -- --grep @runtime');
    expect(firstPassCommands(filtered)).toContain('npm test -- --grep @runtime');
    const installs = ci.replace(/^npm test$/m, 'apt-get install -y chromium\nnpm test');
    expect(firstPassCommands(installs)).toContain('apt-get install -y chromium');
  });

  it('npm test runs lint, the type checks, the build, the unit suite and the end-to-end suite, whole', () => {
    expect(pkg.scripts.test).toBe('node scripts/with-node-22.mjs tsx scripts/test.ts');
    const steps = testPlan('/tmp/dist', []).map((group) =>
      group.map((lane) => lane.map((step) => step.args.join(' '))),
    );
    expect(steps).toEqual([
      [
        ['run lint:code', 'run knip'],
        ['run typecheck', 'run build -- --outDir /tmp/dist --emptyOutDir', 'run lint:format'],
      ],
      [['run test:unit']],
      [['run test:e2e']],
    ]);
  });

  it("npm test's lanes run every part of `npm run lint`, so the two cannot drift apart", () => {
    const parts = pkg.scripts.lint!.split(' && ').map((part) => part.replace(/^npm run /, ''));
    const planned = testPlan('/tmp/dist', [])
      .flat(2)
      .map((step) => step.args.slice(1).join(' '));
    expect(parts).toEqual(['lint:code', 'lint:format', 'knip']);
    for (const part of parts) expect(planned).toContain(part);
  });

  it('fails a run on a flaky test, and serves pass 1 build to pass 2', () => {
    expect(ci).toMatch(/^export E2E_FAIL_ON_FLAKY=1$/m);
    expect(ci).toMatch(/^export E2E_STATIC_DIR="\$work\/dist"$/m);
  });
});
