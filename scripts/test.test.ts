import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/*
 * `npm test` (scripts/test.ts) run as a process, with an `npm` first on PATH that logs each step it
 * is asked for: the order, the lanes, what the end-to-end step is given, and the build directory.
 * E2E_CHROMIUM and FFMPEG_PATH are set, so no machine is looked at or installed to.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const FAKE_NPM = `#!/bin/sh
echo "start $2 $* E2E_STATIC_DIR=$E2E_STATIC_DIR E2E_CHROMIUM=$E2E_CHROMIUM" >> "$FAKE_LOG"
# knip ends only once the other lane's last step has: run one after the other, knip would give up.
if [ "$2" = knip ] && [ "$FAKE_FAIL" != typecheck ]; then
  i=0
  until grep -q "end lint:format" "$FAKE_LOG"; do i=$((i+1)); [ $i -gt 400 ] && exit 9; sleep 0.05; done
fi
[ "$2" = "$FAKE_FAIL" ] && { echo "$2 broke"; exit 3; }
echo "$2 said ok"
echo "end $2" >> "$FAKE_LOG"
`;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
  fs.writeFileSync(path.join(dir, 'npm'), FAKE_NPM, { mode: 0o755 });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function npmTest(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [TSX, path.join(ROOT, 'scripts/test.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dir}${path.delimiter}${process.env.PATH}`,
      FAKE_LOG: path.join(dir, 'log'),
      E2E_CHROMIUM: process.execPath,
      FFMPEG_PATH: 'bundled',
      FFPROBE_PATH: 'bundled',
      E2E_STATIC_DIR: '',
      ...env,
    },
  });
  const log = fs.existsSync(path.join(dir, 'log'))
    ? fs.readFileSync(path.join(dir, 'log'), 'utf8').trim().split('\n')
    : [];
  return { ...result, log, steps: log.map((line) => line.split(' ').slice(0, 2).join(' ')) };
}

describe('npm test', () => {
  it('runs eslint then knip beside the type checks, the build and prettier, then unit, then e2e against that build', () => {
    const run = npmTest(['e2e/a.spec.ts', '--grep', 'x']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Browser: ${process.execPath} (E2E_CHROMIUM)`);
    // The two lanes run together, their steps interleaved in whichever order the OS runs them; each
    // lane's own steps run in order, and knip waits for the other lane's end (one after the other,
    // the fake knip would give up).
    const lane = (names: string[]) => run.steps.filter((step) => names.includes(step.split(' ')[1]!));
    expect(lane(['lint:code', 'knip'])).toEqual([
      'start lint:code',
      'end lint:code',
      'start knip',
      'end knip',
    ]);
    expect(lane(['typecheck', 'build', 'lint:format'])).toEqual([
      'start typecheck',
      'end typecheck',
      'start build',
      'end build',
      'start lint:format',
      'end lint:format',
    ]);
    expect(run.steps.slice(9)).toEqual([
      'end knip',
      'start test:unit',
      'end test:unit',
      'start test:e2e',
      'end test:e2e',
    ]);
    const build = /--outDir (\S+) --emptyOutDir/.exec(run.log.find((l) => l.startsWith('start build'))!)![1]!;
    const e2e = run.log.find((line) => line.startsWith('start test:e2e'))!;
    expect(e2e).toContain(`run test:e2e -- e2e/a.spec.ts --grep x E2E_STATIC_DIR=${build} `);
    expect(e2e).toContain(`E2E_CHROMIUM=${process.execPath}`);
    expect(fs.existsSync(build)).toBe(false);
    expect(run.stdout).toContain('lint:code said ok');
    expect(run.stdout).not.toContain('build said ok');
  });

  it('stops after the lanes when one fails, saying which, with the output of both', () => {
    const run = npmTest([], { FAKE_FAIL: 'typecheck' });
    expect(run.status).toBe(1);
    expect(run.steps.toSorted()).toEqual([
      'end knip',
      'end lint:code',
      'start knip',
      'start lint:code',
      'start typecheck',
    ]);
    expect(run.stderr).toContain('npm test failed: typecheck exited 3');
    expect(run.stdout).toContain('typecheck broke');
    expect(run.stdout).toContain('lint:code said ok');
  });

  it('builds into E2E_STATIC_DIR when given, and keeps the build there', () => {
    const given = path.join(dir, 'dist');
    const run = npmTest([], { E2E_STATIC_DIR: given });
    expect(run.status, run.stderr).toBe(0);
    expect(run.log.find((line) => line.startsWith('start build'))).toContain(`--outDir ${given} `);
    expect(run.log.at(-2)).toContain(`run test:e2e E2E_STATIC_DIR=${given} `);
    // The fake build made nothing; a real one leaves index.html, which pass 2 of CI serves.
    fs.mkdirSync(given);
    fs.writeFileSync(path.join(given, 'notes.txt'), 'mine');
    const refused = npmTest([], { E2E_STATIC_DIR: given });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('holds files that are not a build');
    expect(fs.existsSync(path.join(given, 'notes.txt'))).toBe(true);
  });
});
