/**
 * `npm test`, which is also what CI's first pass runs (`.ci/run`; decision 365):
 *   1. finds a Chromium and ffmpeg, installing Debian's where it may (scripts/test-machine.ts);
 *   2. `npm run lint`'s parts and the type checks and the build, in two lanes of about the same length,
 *      one core each: eslint then knip beside (type checks, the build, then prettier) (decisions 295,
 *      580);
 *   3. the unit suite;
 *   4. the end-to-end suite against that build, with any arguments given (`npm test -- e2e/x.spec.ts`).
 * The build goes to E2E_STATIC_DIR when it is set, and stays there (CI's second pass serves it);
 * otherwise to a temporary directory removed at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTestMachine, thisMachine } from './test-machine';

export interface Step {
  name: string;
  args: string[];
  /** Output kept and printed when the lane ends, rather than streamed into the other lane's. */
  quiet?: boolean;
}

/** The steps in order; the steps of one inner list run one after another, the lists side by side. */
export function testPlan(buildDir: string, e2eArgs: string[]): Step[][][] {
  return [
    [
      [
        { name: 'lint:code', args: ['run', 'lint:code'], quiet: true },
        { name: 'knip', args: ['run', 'knip'], quiet: true },
      ],
      [
        { name: 'typecheck', args: ['run', 'typecheck'], quiet: true },
        { name: 'build', args: ['run', 'build', '--', '--outDir', buildDir, '--emptyOutDir'], quiet: true },
        { name: 'lint:format', args: ['run', 'lint:format'], quiet: true },
      ],
    ],
    [[{ name: 'test:unit', args: ['run', 'test:unit'] }]],
    [[{ name: 'test:e2e', args: ['run', 'test:e2e', ...(e2eArgs.length ? ['--', ...e2eArgs] : [])] }]],
  ];
}

const started = Date.now();
const say = (line: string) => console.log(`== ${line} (${Math.round((Date.now() - started) / 1000)} s)`);

function runStep(step: Step, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', step.args, {
      env,
      stdio: ['ignore', step.quiet ? 'pipe' : 'inherit', step.quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 127, output: `could not run npm: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** Runs one lane's steps in order, stopping at the first failure; prints its output as it ends. */
async function runLane(lane: Step[], env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const step of lane) {
    const { code, output } = await runStep(step, env);
    // The build's list of chunks says nothing a person acts on; a failed build prints it all.
    if (step.name !== 'build' || code !== 0) process.stdout.write(output);
    if (code !== 0) return `${step.name} exited ${code}`;
  }
  return null;
}

/** A build directory given by the caller must be empty or a build: Vite empties it first. */
function checkBuildDir(dir: string): string | null {
  if (!fs.existsSync(dir) || fs.readdirSync(dir).length === 0) return null;
  return fs.existsSync(path.join(dir, 'index.html'))
    ? null
    : `E2E_STATIC_DIR=${dir} holds files that are not a build: the build would delete them`;
}

async function main(e2eArgs: string[]): Promise<number> {
  const machine = prepareTestMachine(thisMachine);
  for (const line of machine.lines) console.log(line);
  if (machine.error) {
    console.error(machine.error);
    return 1;
  }
  const given = process.env.E2E_STATIC_DIR;
  const buildDir = given
    ? path.resolve(given)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-test-dist-'));
  const dirError = given ? checkBuildDir(buildDir) : null;
  if (dirError) {
    console.error(dirError);
    return 1;
  }
  const env = { ...process.env, ...machine.env, E2E_STATIC_DIR: buildDir };
  const removeBuild = () => {
    if (!given) fs.rmSync(buildDir, { recursive: true, force: true });
  };
  // Ctrl-C stops the steps (they share the terminal's process group) and must not leave the build.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removeBuild();
      process.exit(130);
    });
  }
  try {
    for (const group of testPlan(buildDir, e2eArgs)) {
      say(group.map((lane) => lane.map((step) => step.name).join(' then ')).join(' beside '));
      const failures = (await Promise.all(group.map((lane) => runLane(lane, env)))).filter(Boolean);
      if (failures.length) {
        console.error(`npm test failed: ${failures.join(', ')}`);
        return 1;
      }
    }
    say('npm test passed');
    return 0;
  } finally {
    removeBuild();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
