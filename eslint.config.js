import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** How import-x finds and reads the project's modules (imports name .js files; the sources are .ts). */
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
};

/** Customer pages: every page folder but admin/. */
const customerPages = ['./src/client/pages/*.tsx', './src/client/pages/!(admin)/**'];
const adminPages = './src/client/pages/admin/**';
const testingZone = { target: './src', from: './src/server/testing', message: 'Shipped code never imports test helpers.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'migrations/**', 'test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client talks to the server only through tRPC: it may import the AppRouter type, nothing else.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../server/**', '../../server/**', '../../../server/**', '../drizzle/**', '../../drizzle/**', '../../../drizzle/**'],
              allowTypeImports: true,
              message: 'The client imports only types from the server; share code through src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../server/**', '../client/**', '../../drizzle/**'], message: 'src/shared stands alone: both sides import it.' }] },
      ],
    },
  },
  {
    files: ['src/server/modules/**/service.ts', 'src/server/modules/**/ledger.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@trpc/*', '@trpc/**', 'fastify', '@fastify/*', 'trpc-to-openapi', '**/trpc.js', '**/router.js'], message: 'Services never import tRPC or Fastify; throw AppError instead.' }] },
      ],
    },
  },
  {
    // Only the routers and the HTTP wiring speak tRPC and Fastify; the rest of the server knows neither.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/modules/**/router.ts',
      'src/server/{app,main,bootstrap,trpc,trpc-http,rest,downloads,rest-paging,error-shape,request-info,compression,security-headers}.ts',
      // the REST mirror's OpenAPI document and its viewer
      'src/server/api-docs/*.ts',
      'src/server/pdf/route.ts',
      'src/server/testing/**',
      '**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@trpc/*', '@trpc/**', 'fastify', '@fastify/*', 'trpc-to-openapi'],
              allowTypeImports: true,
              message: 'Only routers and the HTTP wiring (app, trpc, rest) import tRPC or Fastify; throw AppError instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Shipped code: everything under src but tests and their helpers.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/server/testing/**'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            testingZone,
            { target: customerPages, from: adminPages, message: 'Customer pages do not import admin pages; share through src/client/components or src/shared.' },
            { target: adminPages, from: customerPages, message: 'Admin pages do not import customer pages; share through src/client/components or src/shared.' },
          ],
        },
      ],
    },
  },
);
