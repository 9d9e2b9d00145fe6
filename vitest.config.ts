import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const NODE_TESTS = [
  'contract/**/*.test.ts',
  'server/**/*.test.ts',
  'bench/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/**
 * Node tests that need a module graph of their own: they mock a module (`vi.mock` applies to a
 * module loaded after it, and a shared graph may have loaded it already), stub the environment for
 * the modules they load, count what a module-level pool started, or find their ffmpeg among the
 * process's children (threads of one process share them).
 */
const NODE_ISOLATED = [
  'server/services/tasks/inputs/reference-files.test.ts',
  'server/services/assets/source-probe.test.ts',
  'server/media/ffmpeg-deadline.test.ts',
  'server/media/media-process.test.ts',
  'server/routes/storyboard-limits.test.ts',
  'server/routes/text/schema-warm.test.ts',
  'server/services/tasks/runner/runner-fairness.test.ts',
  'scripts/with-node-22.test.ts',
];

/**
 * Web tests that mock a module with `vi.mock` (the mock registry outlives a file in a shared worker:
 * a later file would import the mock) or fake the clock (a timer chain an earlier file left running
 * on the shared window, a resend or a poll, re-arms on the fake clock and runs at its pace): each in
 * a VM context of its own, whose timers are its own. So do files that redefine a property of the
 * window, the document or the navigator (a `scrollY` getter outlives its file on a shared window,
 * and a later file's scroll restoration read it). Found by what the files call, not listed by hand,
 * so that a new one cannot be left sharing (decision 605).
 */
const WEB_ISOLATED = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) =>
    /\bvi\.(mock|doMock|useFakeTimers)\(|Object\.defineProperty\((window|document|navigator)\b/.test(
      fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'),
    ),
  );

const webTest = {
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  // A test that types a name key by key re-renders and re-validates the form per key: 3-4 s on a
  // busy 2-core machine, near Vitest's default 5 s. The budget bounds a hang; it is not a wait for
  // anything.
  testTimeout: 15_000,
  // A `vi.stubGlobal` (fetch, mostly) ends with its test.
  unstubGlobals: true,
  unstubEnvs: true,
};

const nodeTest = {
  environment: 'node',
  setupFiles: ['vitest.setup.node.ts'],
  // Server tests use real SQLite files and ffmpeg; keep them from starving each other on 2 cores.
  testTimeout: 30_000,
  // A hook seeds a database (12,000 assets in server/store/assets.test.ts) or starts a server: on
  // a 2-core machine busy with other work that passed Vitest's default 10 s. The budget bounds a
  // hang, like the tests' own; it is not a wait for anything.
  hookTimeout: 30_000,
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // One worker more than the cores, and never one. Never one: Vitest hands every file of a
      // non-isolated project with a single worker to one task, and the VM pools run without
      // isolation, so the web-isolated files would share one module graph (a module loaded by one
      // file ignores the next file's vi.mock): on a 2-core machine Vitest's default is one. One more than the cores: the server tests spend much of
      // their time waiting on the child processes they start (servers, ffmpeg), which the extra
      // worker fills (decisions 296, 341).
      maxWorkers: os.availableParallelism() + 1,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
            ...webTest,
            // The files of a worker share one jsdom window and the packages under node_modules
            // (React, React DOM, Testing Library, jsdom: loaded once per worker, which was most of
            // what a file cost), while src/test/setup.ts gives each file a fresh graph of the app's
            // own modules and a fresh IndexedDB, and puts the window back after each test
            // (decision 605; it was a VM context per file, decision 296: 133 CPU s, now about 52).
            pool: 'threads',
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'web-isolated',
            include: WEB_ISOLATED,
            ...webTest,
            // Each file in a VM context of its own on a reused worker (decision 296). What jsdom's
            // context lacks of Node's globals, src/test/setup.ts supplies.
            pool: 'vmThreads',
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            include: NODE_TESTS,
            exclude: [...configDefaults.exclude, ...NODE_ISOLATED],
            ...nodeTest,
            // The files of a worker share one module graph: the server's modules (Hono, zod, SQLite,
            // the routes) are loaded once per worker, not once per file, which was a third of the
            // project's time on 2 cores; threads, not processes, for the same reason (decision 580).
            // Every test makes its own app, database and DATA_DIR (server/test/helpers.ts), so no
            // state passes between files; the few that mock a module, stub the environment or count
            // what a module started are in node-isolated, below.
            pool: 'threads',
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'node-isolated',
            include: NODE_ISOLATED,
            ...nodeTest,
          },
        },
      ],
    },
  }),
);
