import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
        { patterns: [{ group: ['@trpc/*', 'fastify', '**/trpc.js', '**/router.js'], message: 'Services never import tRPC or Fastify; throw AppError instead.' }] },
      ],
    },
  },
);
