import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      alias: {
        '@server': new URL('./server', import.meta.url).pathname,
      },
    },
    test: {
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
          },
        },
      ],
    },
  }),
);
