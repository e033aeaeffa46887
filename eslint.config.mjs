import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** IO packages that the pure libraries (domain rules, the valuation engine, contracts, the UI kit) never import. */
const ioPackages = [
  'pg',
  'typeorm',
  'ioredis',
  'bullmq',
  'prom-client',
  'minio',
  'puppeteer-core',
  'exceljs',
  '@e965/xlsx',
  'express',
  'multer',
  '@nestjs/*',
  'fs',
  'node:*',
  'child_process',
];

/** Which projects each scope may import: the web only shared libraries, apps never each other. */
const sourceConstraints = [
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: ioPackages },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: ioPackages },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'scope:worker', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:testing'] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:testing'] },
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
];

/** Tests may also use the testing library. */
const testConstraints = sourceConstraints.map((c) =>
  c.sourceTag === 'scope:web' || c.sourceTag === 'scope:shared'
    ? c
    : { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:testing'] },
);

/** Why SQL is refused in the API. */
const noSqlInApi =
  'SQL lives in the repositories of libs/server/persistence (or the query objects of libs/server/core); the API calls them.';

const boundaries = (depConstraints, allow = []) => ['error', { enforceBuildableLibDependency: false, allow, depConstraints }];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'dist/**', '.data/**', '.nx/**', 'coverage/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(sourceConstraints),
      // Chinese copy uses the full-width space (U+3000) on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The API holds no SQL: every statement lives in a repository of libs/server/persistence or a query object of libs/server/core.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['typeorm', '@nestjs/typeorm', 'pg'].map((name) => ({ name, message: noSqlInApi })),
          patterns: [{ group: ['typeorm/*', 'pg/*'], message: noSqlInApi }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...['query', 'createQueryBuilder', 'getRepository'].map((method) => ({
          selector: `CallExpression[callee.property.name='${method}']`,
          message: noSqlInApi,
        })),
        ...['Literal[value=', 'TemplateElement[value.raw='].map((node) => ({
          selector: `${node}/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\\b/]`,
          message: noSqlInApi,
        })),
      ],
    },
  },
  {
    // The API's system tests start the worker beside the API and drive the operator scripts.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', 'apps/*/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(testConstraints, ['../../worker/src/**', '../../../scripts/lib/**']),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The workflow machines run on the server only; the web takes states, codes and messages from the domain index.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', message: 'The web does not ship XState.' },
            { name: '@valuation/domain/machines', message: 'The workflow machines are for the server.' },
          ],
        },
      ],
    },
  },
  {
    // Benchmarks load the compiled server from dist at run time.
    files: ['scripts/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        URL: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
