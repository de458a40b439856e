// Lint: the import direction of STYLE.md (contract ← apps; lib → features → app/routes; no feature imports
// another), no cycles, no `any`, no non-null `!`, hooks rules and accessibility rules for the web app.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = ['activities', 'auth', 'deals', 'landing', 'services', 'directory', 'vendors', 'notifications', 'account', 'admin', 'placeholder', 'vendor-dashboard'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.test-results/**', 'apps/server/src/db/migrations/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: './apps', message: 'The contract depends on nothing of the apps.' },
            { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/shell', './apps/web/src/app'], message: 'lib is the bottom layer.' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'One feature never imports another; compose them in the routing layer.',
            })),
          ],
        },
      ],
    },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
  },
  // Server modules talk to each other through their index.ts only (their public surface): no deep imports.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[a-z-]+/(?!index\\.ts$)', message: "Import another module through its index.ts (its public surface), not its files." }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**', '**/*.test.ts', '**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[a-z-]+/(?!index\\.ts$)', message: "Import a module through its index.ts (its public surface), not its files." }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
);
