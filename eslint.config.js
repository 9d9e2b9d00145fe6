// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint-no-import-cycle.js';

/** One folder per page under src/features; read from disk so a new page is covered without an edit here. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SHARED_HOME =
  'What two features share moves down to src/components, src/lib, src/api or contract/ (ARCHITECTURE.md).';

const ONE_CLIENT =
  'Only src/api/api-client.ts calls fetch: use apiRequest (responseType blob or response for a body that is not JSON).';

const NO_FEATURE = {
  regex: '^(@/|(\\.\\./)+)features/',
  message: `Shared code must not import a feature. ${SHARED_HOME}`,
};

/**
 * A feature imports from src/api, src/components, src/lib and contract/, never from another
 * feature, whether by alias or by a relative path that climbs into a sibling (decision 085).
 */
function noCrossFeatureImports(feature) {
  const others = FEATURES.filter((name) => name !== feature).join('|');
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}/)`,
              message: `src/features/${feature} must not import another feature. ${SHARED_HOME}`,
            },
            {
              regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
              message: `src/features/${feature} must not import another feature. ${SHARED_HOME}`,
            },
          ],
        },
      ],
    },
  };
}

/**
 * The local server's layers, top to bottom (decision 150): routes and the proxy (HTTP in and out),
 * middleware, services (the rules), media (rendering), store (all SQL), and the base modules beside
 * them (config, context, errors, http, ids, logger, loopback, validation, version). A file imports
 * only from its own layer or below. Tests and server/test/ may reach anywhere to set up and observe.
 */
const SERVER_TESTS = ['server/**/*.test.ts', 'server/test/**'];

/** Route modules (what app.ts mounts); list-query.ts is the routes' shared query helper, not a route. */
const ROUTE_MODULES = readdirSync(new URL('./server/routes', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
  .map((entry) => entry.name.replace(/\.ts$/, ''))
  .filter((name) => name !== 'list-query');

const LAYERS_HOME = 'Put shared code in the lower layer both can import (decision 150).';

/** An import of any of `dirs` (server-relative folders) by a relative path. */
function importOf(dirs, message) {
  return { regex: `^(\\.\\.?/)+(${dirs.join('|')})(/|$)`, message };
}

/** Layering exceptions still in the tree, each with the decision that records why and until when. */
const LAYERING_EXCEPTIONS = [];

function serverLayer(files, forbidden) {
  return {
    files,
    ignores: [...SERVER_TESTS, ...LAYERING_EXCEPTIONS],
    rules: { 'no-restricted-imports': ['error', { patterns: forbidden }] },
  };
}

const NO_TEST_HELPERS = importOf(['test'], 'Production code never imports a test helper from server/test/.');

const SERVER_LAYERS = [
  serverLayer(
    ['server/routes/**/*.ts'],
    [
      importOf(['store'], `Routes read and write through services, never the store. ${LAYERS_HOME}`),
      importOf(['media'], `Routes reach media/ through a service (decision 150). ${LAYERS_HOME}`),
      {
        regex: `^(\\./|\\.\\./)(${ROUTE_MODULES.join('|')})$`,
        message: `A route never imports another route. ${LAYERS_HOME}`,
      },
      NO_TEST_HELPERS,
    ],
  ),
  serverLayer(
    ['server/proxy/**/*.ts'],
    [
      importOf(['routes', 'store'], `The proxy stands beside the routes and reads no store. ${LAYERS_HOME}`),
      NO_TEST_HELPERS,
    ],
  ),
  serverLayer(
    ['server/middleware/**/*.ts', 'server/services/**/*.ts'],
    [
      importOf(['routes', 'proxy'], `Services and middleware never import a route. ${LAYERS_HOME}`),
      NO_TEST_HELPERS,
    ],
  ),
  serverLayer(
    ['server/media/**/*.ts'],
    [
      importOf(
        ['routes', 'proxy', 'middleware', 'services'],
        `Media renders; it knows no HTTP or rule above it. ${LAYERS_HOME}`,
      ),
      NO_TEST_HELPERS,
    ],
  ),
  serverLayer(
    ['server/store/**/*.ts'],
    [
      importOf(
        ['routes', 'proxy', 'middleware', 'services', 'media'],
        `The store is the bottom layer. ${LAYERS_HOME}`,
      ),
      NO_TEST_HELPERS,
    ],
  ),
  {
    // SQL lives in server/store/ only: elsewhere a statement is a store function's job.
    files: ['server/**/*.ts'],
    ignores: ['server/store/**', ...SERVER_TESTS, ...LAYERING_EXCEPTIONS],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: `SQL belongs in server/store/: call a store function. ${LAYERS_HOME}`,
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(exec|pragma)$/][callee.object.property.name='db']",
          message: `SQL belongs in server/store/: call a store function. ${LAYERS_HOME}`,
        },
        {
          selector: "CallExpression[callee.property.name=/^(exec|pragma)$/][callee.object.name='db']",
          message: `SQL belongs in server/store/: call a store function. ${LAYERS_HOME}`,
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'test-results', 'playwright-report', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // One client path: only src/api/api-client.ts calls fetch (one place for the key, the error
      // envelope, 429 waits and the server's health), by its bare name or as a property.
      'no-restricted-globals': ['error', { name: 'fetch', message: ONE_CLIENT }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: ONE_CLIENT,
        })),
      ],
    },
  },
  {
    // early-requests.ts is the early script's (src/early.ts), a bundle of its own that runs before
    // the app and must not carry the client: its one GET is handed over to the client (decision 410).
    files: ['src/api/api-client.ts', 'src/api/early-requests.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // Browser code validates with zod/mini: full zod brings all of its core onto whichever route
    // imports it (decision 330). A type from it costs nothing at run time. The typescript-eslint
    // twin of no-restricted-imports, so that the layer rules above keep their own entries.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "Browser code imports zod/mini (`import * as z from 'zod/mini'`); full zod is server-only.",
          })),
          patterns: [
            {
              // Types included: what both sides share is contract/'s, never the server's own.
              regex: '^(\\.\\./)+server/',
              message:
                'src/ never imports server/: what the browser and the server share lives in contract/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^zod(\\/v[34](\\/classic)?)?$/]',
          message: 'Browser code imports zod/mini; full zod is server-only (decision 330).',
        },
        {
          selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+server\\//]',
          message: 'src/ never imports server/: what the browser and the server share lives in contract/.',
        },
      ],
    },
  },
  ...FEATURES.map(noCrossFeatureImports),
  {
    // The shared layers sit below the features: they never reach up into one.
    files: [
      'src/api/**/*.{ts,tsx}',
      'src/components/**/*.{ts,tsx}',
      'src/lib/**/*.{ts,tsx}',
      'src/test/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_FEATURE] }] },
  },
  {
    // src/api is the bottom of the browser: lib and components build on it, never the other way
    // (decision 410). Its tests may reach up to set up and observe.
    files: ['src/api/**/*.{ts,tsx}'],
    ignores: ['src/api/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_FEATURE,
            {
              regex: '^(@/|(\\.\\./)+)(lib|components|app)/',
              message:
                'src/api imports nothing from src/lib, src/components or src/app: they import it. Move what it needs into src/api (decision 410).',
            },
          ],
        },
      ],
    },
  },
  ...[
    // contract/ is shared by the browser and the server: pure TypeScript only, and nothing from
    // outside it by a relative path either (`../server/ids` would bring the server along). One
    // entry per depth: a relative path may climb only as far as contract/ itself.
    { files: ['contract/*.ts'], outside: '^\\.\\./' },
    { files: ['contract/*/*.ts'], outside: '^\\.\\./\\.\\./' },
    { files: ['contract/*/*/*.ts'], outside: '^(\\.\\./){3}' },
  ].map(({ files, outside }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'hono', 'hono/*', '@/*'],
              message: 'contract/ is pure TypeScript: no Node, React, server or app imports.',
            },
            {
              regex: outside,
              message: 'contract/ imports nothing outside it: move what it needs into contract/.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'process'],
    },
  })),
  ...SERVER_LAYERS,
  {
    // No import circle anywhere, type-only ones included (scripts/eslint-no-import-cycle.js).
    files: ['**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
