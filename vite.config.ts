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
} from './scripts/vite-first-route.ts';
import {
  lucideIconsWithoutKeys,
  reactRouterWithoutFrameworkMode,
  tailwindWithoutPropertyFallback,
} from './scripts/vite-dead-weight.ts';

const apiPort = Number(process.env.PORT ?? 8787);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// In development the browser still talks to one origin: Vite forwards every API
// path to the local server, so the dashboard never needs CORS or a second URL.
const apiPaths = ['/v1', '/api', '/healthz', '/files', '/webhooks', '/bootstrap'];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    tailwindWithoutPropertyFallback('src/index.css'),
    // `/` opens the asset library: its code and strings are fetched with the shell, not after it
    // (decisions 140, 200). The namespaces are the shell's and the library route's (src/app/pages.ts).
    preloadFirstRoute('src/features/assets/assets-page.tsx', ['common', 'assets']),
    // GET /bootstrap and the library's list asked for with the document (decision 245).
    earlyScript('src/early.ts'),
    inlineFavicon('favicon.svg'),
    reactRouterProductionBuild(),
    reactRouterWithoutFrameworkMode(),
    lucideIconsWithoutKeys(),
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
    // Tailwind v4's own baseline (cascade layers, @property, color-mix): older browsers cannot use
    // the styles at all, so the hex and lab copies of every oklch colour the minifier added for them
    // were 0.7 KB of dead weight on the first open (decision 470).
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first open of any path fetches the shell, the code every page shares and the asset
          // library (index.html preloads the library on every path, decision 140): one file, `app`,
          // rather than a chunk for each (decisions 240, 470). Each file on a slow link is a request
          // and ~0.3 KB of headers, and brotli compresses the whole better than its parts: 4.6 KB
          // less for the same code. The shell's libraries stay a file of their own (they change
          // far less often than the app).
          groups: [
            {
              name: 'shell-libs',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)(?![\\/]build[\\/]modern[\\/](mutationObserver|useMutation)\.js$)|clsx|class-variance-authority|zustand|@radix-ui[\\/](react-slot|react-compose-refs))[\\/]/,
              priority: 3,
            },
            // The form kit (fields, banners, the callback URL input, textarea), which the library does not
            // render, is a file of its own that the form pages bring along (decision 265, 1.3 KB off the
            // first open). It has the lower priority so that what it imports from the shell (the bootstrap
            // query of the callback URL input: `api/system.ts`) is captured by `app` first, not pulled
            // into the form kit and onto the first route with it.
            {
              name: 'form-kit',
              test: /[\\/]src[\\/]components[\\/](form[\\/][^\\/]+|callback-url-input|ui[\\/]textarea)\.tsx?$/,
              priority: 1,
            },
            // The entry (main.tsx) and the library's page, each with every module it imports statically:
            // the shell, the library and what they share with other pages (api clients, contract schemas,
            // zod/mini, icons). Also the small components other pages share, so that those do not become
            // a chunk each (and two icons the library's parts share with other pages, 0.2 KB, that
            // would be). A group takes every module its members import, so what the first route does
            // not render stays out of that list: components built on Radix (they would bring it along),
            // those that validate with zod, and the JSON viewer (decision 200), nor the composer's draft
            // editor (video-draft/, decision 310), nor money/ (prices and estimates, which the library
            // never shows: decision 381), nor the asset picker of the composer and storyboard
            // (library-picker/, loaded when opened: decision 373), nor the prompt library's dialogs and
            // the word diff (templates/, word-diff: they bring the template store and `diff`; decision
            // 420), nor the form kit, nor the JSON file buttons and the difference table of the task
            // and template pages (json-file, difference-table).
            {
              name: 'app',
              test: /[\\/]src[\\/](main\.tsx|features[\\/]assets[\\/]assets-page\.tsx|components[\\/](?!video-draft[\\/]|money[\\/]|library-picker[\\/]|templates[\\/]|word-diff|ui[\\/](card|checkbox|dialog|input|json-view|lazy-tooltip|progress|sheet|tabs|textarea|tooltip-primitive)\.tsx|form[\\/]|callback-url-input|error-alert|ui[\\/]copy-button|group-options|json-file|difference-table|unreadable-item-dialog)[^\\]*|api[\\/]system\.ts)$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-check|download)\.mjs$/,
              priority: 2,
            },
            // Small components that only later pages render (the library's first paint has none of
            // them): one file those pages share, not one each, and not on the first open (decision 470).
            {
              name: 'page-ui',
              test: /[\\/]src[\\/]components[\\/]ui[\\/](card|input|progress)\.tsx$/,
              priority: 2,
            },
            // The full error alert (details, ids, copy buttons): a healthy first open paints no error, and
            // the first route's alerts load it when one shows (lazy-error-alert.tsx, decision 541). One file
            // with its copy button, not a part of whichever page's chunk happened to import it first.
            {
              name: 'error-alert',
              test: /[\\/]src[\\/]components[\\/](error-alert|ui[\\/]copy-button)\.tsx$/,
              priority: 2,
            },
            // The person's prices, their estimates, editor and cap question (decision 381): one file that the
            // pages showing money share, rather than a chunk per module, each named in the entry's preload lists.
            {
              name: 'money',
              test: /([\\/]src[\\/](components|lib)[\\/]money[\\/][^\\/]+|[\\/]contract[\\/]usage)\.tsx?$/,
              priority: 2,
            },
            // The browser uses only zod/mini (core + mini), which the library's list parse brings into
            // `app`; full zod is server-only. This group is a guard: should a browser module ever import
            // full zod, it gets a chunk of its own (and shows up in the build) rather than joining the shell.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
