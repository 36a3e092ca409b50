import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries, { fixtureRoot } from './eslint.boundaries.js';

const API_LITERAL_MESSAGE =
  "Address a declared call through the route table: routeUrl(route, params) from @pw/contracts (the web's fake API: routeKey), not an '/api/' string.";

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      // Violations planted on purpose; scripts/lint-rules/lint-rules.test.ts lints them itself.
      `${fixtureRoot}/**`,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...boundaries,
  {
    // Every call is addressed from the route table (decisions 0127, 0320): a path string written
    // anywhere else goes stale silently when the declaration moves. A few addresses the table does not
    // declare (health, the API reference, 404 probes) live in the one test file allowed below.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/packages/contracts/**', '**/apps/server/test/addresses.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
          selector: `${node}=/^((GET|POST|PUT|PATCH|DELETE) )?\\/api\\//]`,
          message: API_LITERAL_MESSAGE,
        })),
      ],
    },
  },
  {
    // The e2e's own `test` closes the browser contexts a test opened (e2e/support/test.ts); Playwright's
    // leaves them running for the rest of the worker's run.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Import test from e2e/support/test: it closes the contexts a test opens.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
