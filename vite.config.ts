import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  earlyScript,
  inlineFavicon,
  precompress,
  preloadFirstRoute,
  reactRouterProductionBuild,
} from './scripts/vite-first-route';

const apiPort = Number(process.env.PORT ?? 8787);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// In development the browser still talks to one origin: Vite forwards every API
// path to the local server, so the dashboard never needs CORS or a second URL.
const apiPaths = ['/v1', '/api', '/healthz', '/files', '/webhooks', '/bootstrap'];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // `/` opens the asset library: its code and strings are fetched with the shell, not after it
    // (decisions 140, 200). The namespaces are the shell's and the library route's (src/app/pages.ts).
    preloadFirstRoute('src/features/assets/assets-page.tsx', ['common', 'assets']),
    // GET /bootstrap and the library's list asked for with the document (decision 245).
    earlyScript('src/early.ts'),
    inlineFavicon('favicon.svg'),
    reactRouterProductionBuild(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      // streamdown imports rehype-raw (and parse5) for HTML the playground never parses: decision 055.
      'rehype-raw': fileURLToPath(
        new URL('./src/features/playground/markdown/rehype-raw-disabled.ts', import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler merges modules shared by lazy pages into a common chunk that
          // the entry also needs, so the shell would preload zod although only pages that parse
          // resources use it. In a chunk of its own it is fetched with the first such page. The
          // browser uses only zod/mini (core + mini): response parsing and the request schemas the
          // forms validate with (asset-schemas.ts, group-schemas.ts) alike; full zod is server-only.
          // The second group is a guard: should a browser module ever import full zod, it gets a
          // chunk of its own (and shows up in the build) rather than joining the shell.
          // The shell's libraries and the code every page shares are one file each, not dozens of
          // small shared chunks: on a slow link each request costs a round trip and ~0.8 KB of
          // headers (decision 140).
          groups: [
            {
              name: 'shell-libs',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|clsx|class-variance-authority|zustand|@radix-ui[\\/](react-slot|react-compose-refs))[\\/]/,
              priority: 3,
            },
            // Small components shared by pages: one file rather than a chunk per component. A group takes
            // every module its members import, so what the first route does not render stays out: components
            // built on Radix (they would bring it along), those that validate with zod, and the JSON viewer
            // (decision 200), nor the composer's draft editor (video-draft/, the composer's and the storyboard's,
            // decision 310), nor money/ (prices and estimates, which the library never shows: decision 381), nor
            // the asset picker of the composer and storyboard (library-picker/, loaded when opened: decision 373),
            // nor the prompt library's dialogs and the word diff (templates/, word-diff: they bring the
            // template store and `diff`; decision 420).
            // The form kit (fields, banners, the callback URL input, textarea), which the library does not render, is a file of its own that the form pages bring along (decision 265,
            // 1.3 KB off the first open). It has the lower priority so that what it imports from the shell
            // (the bootstrap query of the callback URL input: `api/system.ts`, listed in `ui`) is captured by
            // `ui` first, not pulled into the form kit and onto the first route with it.
            {
              name: 'form-kit',
              test: /[\\/]src[\\/]components[\\/](form[\\/][^\\/]+|callback-url-input|ui[\\/]textarea)\.tsx?$/,
              priority: 1,
            },
            {
              name: 'ui',
              test: /[\\/]src[\\/](components[\\/](?!video-draft[\\/]|money[\\/]|library-picker[\\/]|templates[\\/]|word-diff|ui[\\/](checkbox|dialog|json-view|lazy-tooltip|sheet|tabs|textarea|tooltip-primitive)\.tsx|form[\\/]|callback-url-input|group-options|unreadable-item-dialog)[^\\]*|api[\\/]system\.ts)$/,
              priority: 2,
            },
            // The small modules the library shares with other pages (its api clients, contract schemas,
            // icons, helpers): a chunk each by default, each a request and ~0.35 KB of headers on
            // the first route. index.html preloads the library on every path (decision 140), so one
            // file with all of them costs no page anything it would not load anyway (decision 240).
            {
              name: 'library-shared',
              test: /([\\/]src[\\/](lib[\\/](files-to-upload|use-url-dialog|format-date|last-group)|api[\\/](assets|asset-poll-policy|groups))|[\\/]contract[\\/](asset|group|list-schema|models)|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](link-2|file|image|video|eighth-notes|circle-check|download))\.m?[jt]sx?$/,
              priority: 2,
            },
            // The person's prices, their estimates, editor and cap question (decision 381): one file that the
            // pages showing money share, rather than a chunk per module, each named in the entry's preload lists.
            {
              name: 'money',
              test: /([\\/]src[\\/](components|lib)[\\/]money[\\/][^\\/]+|[\\/]contract[\\/]usage)\.tsx?$/,
              priority: 2,
            },
            { name: 'zod-mini', test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core|mini)[\\/]/, priority: 4 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
