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
            setupFiles: ['src/test/setup.ts'],
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
