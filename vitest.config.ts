import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // One worker more than the cores, and never one. Never one: the VM pools run without
      // isolation, and Vitest hands every file of a non-isolated project with a single worker to
      // one task, so the web project's files would share one module graph (a module loaded by one
      // file ignores the next file's vi.mock, a store keeps the last file's state): on a 2-core
      // machine Vitest's default is one. One more than the cores: the server tests spend much of
      // their time waiting on the child processes they start (servers, ffmpeg), which the extra
      // worker fills (decisions 296, 341).
      maxWorkers: os.availableParallelism() + 1,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            include: ['src/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            // Each file in a VM context of its own on a reused worker: the same fresh module graph
            // per file as the default pool, without building a jsdom world per file (that was 75 of
            // the project's 90 s on 2 cores: decision 296). What jsdom's context lacks of Node's
            // globals, src/test/setup.ts supplies.
            pool: 'vmThreads',
            setupFiles: ['src/test/setup.ts'],
            // A test that types a name key by key re-renders and re-validates the form per key: 3-4 s
            // on a busy 2-core machine, near Vitest's default 5 s. The budget bounds a hang; it is
            // not a wait for anything.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            include: [
              'contract/**/*.test.ts',
              'server/**/*.test.ts',
              'bench/**/*.test.ts',
              'scripts/**/*.test.ts',
            ],
            environment: 'node',
            setupFiles: ['vitest.setup.node.ts'],
            // Server tests use real SQLite files and ffmpeg; keep them from starving each other on 2 cores.
            testTimeout: 30_000,
            // A hook seeds a database (12,000 assets in server/store/assets.test.ts) or starts a
            // server: on a 2-core machine busy with other work that passed Vitest's default 10 s. The
            // budget bounds a hang, like the tests' own; it is not a wait for anything.
            hookTimeout: 30_000,
          },
        },
      ],
    },
  }),
);
