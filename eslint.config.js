// Lint: the import direction of STYLE.md (contract ← apps; lib, components → features → app/shell/routes; no feature
// imports another: docs/decisions/0010), no cycles, no `any`, no non-null `!`, hooks and accessibility rules for the web app.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = './apps/web/src';

// Every folder of features/ is a feature, read afresh on each run: a new one is fenced in without editing this file.
const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/server/.compiled-test-*/**', '**/node_modules/**', '.test-results/**', 'apps/server/src/db/migrations/**', 'data/**'] },
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
            {
              target: `${web}/lib`,
              from: ['features', 'shell', 'app', 'components', 'session', 'api', 'paths.ts', 'routes.tsx'].map((p) => `${web}/${p}`),
              message: 'lib is the bottom layer: it imports nothing of the app.',
            },
            {
              target: `${web}/components`,
              from: ['features', 'shell', 'app', 'session', 'routes.tsx'].map((p) => `${web}/${p}`),
              message: 'components sit below features: no feature, session, shell or routing code.',
            },
            {
              target: `${web}/features`,
              from: ['shell', 'app', 'routes.tsx', 'main.tsx'].map((p) => `${web}/${p}`),
              message: 'The shell and the routing layer sit above features; move what a feature needs down to components/ or lib/.',
            },
            // Keyed by the feature imported, with every other folder as the target: a folder made after this list was
            // read (an editor's long-lived lint server) still cannot import an existing feature.
            ...webFeatures.map((f) => ({
              target: `${web}/features/!(${f})/**`,
              from: `${web}/features/${f}`,
              message: 'One feature never imports another; compose them in routes.tsx or app/pages/.',
            })),
          ],
          // Paths are from the repository's root, wherever ESLint is started.
          basePath: root,
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // The whole table builds every domain's schemas (and ibantools) wherever it is imported: a page that asks for deals
      // would load and run them all before its first render. Each domain's own table instead (dealsEndpoints, …).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@localloop/contract', importNames: ['endpoints'], message: "Import the domain's own table (e.g. dealsEndpoints), not the whole endpoints table." }] },
      ],
    },
  },
  {
    // The React Compiler's checks (every react-hooks rule but the two classic ones) compile each component to judge it:
    // 69 % of ESLint's rule time, on a cold run (a fresh clone, CI). Test files are not shipped or compiled: the rules of
    // hooks and exhaustive deps still hold there.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.recommended.rules)
        .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
        .map((rule) => [rule, 'off']),
    ),
  },
  {
    // Vitest runs the server's and the web app's test files without isolating them (vitest.config.ts: isolate false),
    // so a module mock would leak into every later file of its worker. Swap a part through its seam instead
    // (configureApiClient, buildApp's deps, window globals the setup resets).
    files: ['apps/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|hoisted)$/]",
          message: 'Test files share their modules (isolate: false): no module mocks; use the module\'s seam instead.',
        },
      ],
    },
  },
);
