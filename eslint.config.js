// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One folder per page under src/features; read from disk so a new page is covered without an edit here. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SHARED_HOME =
  'What two features share moves down to src/components, src/lib, src/api or contract/ (ARCHITECTURE.md).';

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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.data', 'coverage'] },
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
      // Components never call fetch: everything goes through src/api (one place for auth, errors, retries).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the API client in src/api instead of fetch.' },
      ],
    },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)features/',
              message: `Shared code must not import a feature. ${SHARED_HOME}`,
            },
          ],
        },
      ],
    },
  },
  {
    // contract/ is shared by the browser and the server: pure TypeScript only.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'hono', 'hono/*', '@/*', '@server/*'],
              message: 'contract/ is pure TypeScript: no Node, React, server or app imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'process'],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
