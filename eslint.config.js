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

/*
 * Import boundaries: the client takes only types from the server, src/shared stands alone, services know
 * neither tRPC, Fastify nor the routers, customer and admin pages stay apart, and nothing that runs in
 * production imports test helpers. Flat config merges options per rule name: when two blocks match a
 * file and both set a rule, the later block's options replace the earlier's whole. So each boundary rule
 * below is set either once for everything (the path zones) or by blocks whose files do not overlap
 * (the import-name patterns), each carrying every pattern its files need. scripts/lint-boundaries.test.ts
 * plants each forbidden import where it is forbidden and fails if the rule stops reporting it.
 */

/** Zones resolve paths from the project root, wherever eslint is started. */
const basePath = import.meta.dirname;

/** Customer pages: every page folder but admin/. */
const customerPages = ['./src/client/pages/*.tsx', './src/client/pages/!(admin)/**'];
const adminPages = './src/client/pages/admin/**';

/**
 * Benchmarks that drive a throwaway app through the test kit (createTestApp, the factories, the mail
 * kit, the throwaway PostgreSQL cluster). Developer tools: never shipped, never run against a real
 * data folder. Every other script (create-superadmin, seed-demo, backup, the build) runs in
 * production and is held to the rule.
 */
const benchmarksOnTestKit = ['bench-exports', 'bench-mail', 'postgres-target'];
const testingZone = {
  target: ['./src', `./scripts/**/!(${benchmarksOnTestKit.join('|')}).{ts,mts,mjs}`],
  from: './src/server/testing',
  message: 'Shipped code never imports test helpers.',
};

/** The service layer: every module file but its router. */
const serviceLayer = './src/server/modules/**/!(router).ts';
/** What speaks tRPC and HTTP: the procedure builders, the routers and the HTTP wiring. */
const transportModules = ['./src/server/{trpc,trpc-http,rest,router,app,calls}.ts', './src/server/modules/*/router.ts'];

/** Packages only routers and the HTTP wiring use. */
const transportPackages = ['@trpc/*', '@trpc/**', 'fastify', '@fastify/*', 'trpc-to-openapi'];
/** The HTTP wiring: the only server files besides routers that import tRPC or Fastify. */
const httpWiring = [
  'src/server/{app,main,bootstrap,trpc,trpc-http,rest,calls,downloads,rest-paging,error-shape,request-info,compression,security-headers}.ts',
  // the REST mirror's OpenAPI document and its viewer
  'src/server/api-docs/*.ts',
  'src/server/pdf/route.ts',
];
/** Services and the hours ledger: not even a tRPC or Fastify type. */
const strictServices = ['src/server/modules/**/service.ts', 'src/server/modules/**/ledger.ts'];

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
      // Type imports pass, so this is by import name (at any depth of ../), not a path zone.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|drizzle)(/|$)',
              allowTypeImports: true,
              message: 'The client imports only types from the server; share code through src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the routers and the HTTP wiring speak tRPC and Fastify; the rest of the server knows neither.
    // Services and the ledger have their own block below: it must not overlap this one.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/modules/**/router.ts', ...httpWiring, ...strictServices, 'src/server/testing/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: transportPackages,
              allowTypeImports: true,
              message: 'Only routers and the HTTP wiring (app, trpc, rest) import tRPC or Fastify; throw AppError instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: strictServices,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: transportPackages, message: 'Services never import tRPC or Fastify, not even a type; throw AppError instead.' }] },
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
    // tRPC's procedure._def is not a promised API: one tested module reads it (paths, types, meta,
    // input schemas); calls go through tRPC's caller (src/server/calls.ts).
    // drizzle's synchronous runners (.get(), .all(), .run()) exist on SQLite only: statements are awaited.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mts,mjs}', 'e2e/**/*.ts'],
    ignores: ['src/server/procedure-internals.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='_def'], Property[key.name='_def']",
          message: "Only src/server/procedure-internals.ts reads tRPC's _def; call procedures through src/server/calls.ts.",
        },
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(get|all|run)$/]",
          message: 'Await the statement instead: drizzle runs .get(), .all() and .run() synchronously on SQLite only, and PostgreSQL has none of them.',
        },
      ],
    },
  },
  {
    // Code that runs in production: src and scripts, but tests and their helpers. Set in this one block:
    // each zone names the files it guards, so one setting serves every layer and no block can undo part of it.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mts,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/server/testing/**'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath,
          zones: [
            testingZone,
            { target: customerPages, from: adminPages, message: 'Customer pages do not import admin pages; share through src/client/components or src/shared.' },
            { target: adminPages, from: customerPages, message: 'Admin pages do not import customer pages; share through src/client/components or src/shared.' },
            { target: './src/shared', from: ['./src/server', './src/client', './drizzle'], message: 'src/shared stands alone: both sides import it.' },
            { target: serviceLayer, from: transportModules, message: 'Services never import tRPC or the routers; the router calls the service.' },
          ],
        },
      ],
    },
  },
);
