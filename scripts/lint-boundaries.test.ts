import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layering (routers call services, services know neither tRPC nor Fastify, the client takes only
 * types from the server, src/shared stands alone, test helpers stay out of what runs in production)
 * holds only while ESLint reports each forbidden import where it is forbidden. Flat config merges
 * options per rule name, so a block that sets a rule for a wider glob quietly replaces a narrower
 * block's setting (services once imported trpc.js unreported that way).
 * Each case plants one import in a file at a guarded place, linted as text (nothing is written; the
 * file need not exist, the module it imports does), and expects the rule that guards that place to
 * report it with that boundary's message. The allowed cases must lint clean.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages;
}

const ZONE = 'import-x/no-restricted-paths';
const BY_NAME = '@typescript-eslint/no-restricted-imports';

type Planted = { file: string; code: string; rule: string; says: string };

const forbidden: Record<string, Planted> = {
  'a service imports the procedure builders (trpc.js)': {
    file: 'src/server/modules/planted/service.ts',
    code: "import { router } from '../../trpc.js';\nexport const planted = router;\n",
    rule: ZONE,
    says: 'Services never import tRPC or the routers',
  },
  'a service imports a type from trpc.js': {
    file: 'src/server/modules/planted/service.ts',
    code: "import type { Context } from '../../trpc.js';\nexport type Planted = Context;\n",
    rule: ZONE,
    says: 'Services never import tRPC or the routers',
  },
  "a service imports another module's router": {
    file: 'src/server/modules/planted/service.ts',
    code: "import { tasksRouter } from '../tasks/router.js';\nexport const planted = tasksRouter;\n",
    rule: ZONE,
    says: 'Services never import tRPC or the routers',
  },
  'a module helper imports the app router': {
    file: 'src/server/modules/planted/queries.ts',
    code: "import { appRouter } from '../../router.js';\nexport const planted = appRouter;\n",
    rule: ZONE,
    says: 'Services never import tRPC or the routers',
  },
  'a service imports @trpc/server': {
    file: 'src/server/modules/planted/service.ts',
    code: "import { TRPCError } from '@trpc/server';\nexport const planted = TRPCError;\n",
    rule: BY_NAME,
    says: 'Services never import tRPC or Fastify',
  },
  'a service imports a Fastify type': {
    file: 'src/server/modules/planted/service.ts',
    code: "import type { FastifyBaseLogger } from 'fastify';\nexport type Planted = FastifyBaseLogger;\n",
    rule: BY_NAME,
    says: 'Services never import tRPC or Fastify',
  },
  'the ledger imports a tRPC type': {
    file: 'src/server/modules/planted/ledger.ts',
    code: "import type { TRPCError } from '@trpc/server';\nexport type Planted = TRPCError;\n",
    rule: BY_NAME,
    says: 'Services never import tRPC or Fastify',
  },
  'a module helper imports @trpc/server': {
    file: 'src/server/modules/planted/queries.ts',
    code: "import { TRPCError } from '@trpc/server';\nexport const planted = TRPCError;\n",
    rule: BY_NAME,
    says: 'Only routers and the HTTP wiring',
  },
  'the mail worker imports Fastify': {
    file: 'src/server/mail/planted.ts',
    code: "import Fastify from 'fastify';\nexport const planted = Fastify;\n",
    rule: BY_NAME,
    says: 'Only routers and the HTTP wiring',
  },
  'the client imports server code': {
    file: 'src/client/planted.ts',
    code: "import { AppError } from '../server/errors.js';\nexport const planted = AppError;\n",
    rule: BY_NAME,
    says: 'The client imports only types from the server',
  },
  'a deep client page imports server code': {
    file: 'src/client/pages/admin/companies/page/Planted.tsx',
    code: "import { AppError } from '../../../../../server/errors.js';\nexport const planted = AppError;\n",
    rule: BY_NAME,
    says: 'The client imports only types from the server',
  },
  'the client imports the schema': {
    file: 'src/client/pages/tasks/Planted.tsx',
    code: "import { tasks } from '../../../../drizzle/schema.js';\nexport const planted = tasks;\n",
    rule: BY_NAME,
    says: 'The client imports only types from the server',
  },
  'shared imports server code': {
    file: 'src/shared/planted.ts',
    code: "import { AppError } from '../server/errors.js';\nexport const planted = AppError;\n",
    rule: ZONE,
    says: 'src/shared stands alone',
  },
  'shared imports a server type': {
    file: 'src/shared/planted.ts',
    code: "import type { AppRouter } from '../server/router.js';\nexport type Planted = AppRouter;\n",
    rule: ZONE,
    says: 'src/shared stands alone',
  },
  'shared imports client code': {
    file: 'src/shared/planted.ts',
    code: "import { trpc } from '../client/trpc.js';\nexport const planted = trpc;\n",
    rule: ZONE,
    says: 'src/shared stands alone',
  },
  'shared imports the schema': {
    file: 'src/shared/planted.ts',
    code: "import { tasks } from '../../drizzle/schema.js';\nexport const planted = tasks;\n",
    rule: ZONE,
    says: 'src/shared stands alone',
  },
  'a service imports test helpers': {
    file: 'src/server/modules/planted/service.ts',
    code: "import { createCompany } from '../../testing/factories.js';\nexport const planted = createCompany;\n",
    rule: ZONE,
    says: 'never imports test helpers',
  },
  'a client component imports test helpers': {
    file: 'src/client/components/Planted.tsx',
    code: "import type { TestApp } from '../../server/testing/app.js';\nexport type Planted = TestApp;\n",
    rule: ZONE,
    says: 'never imports test helpers',
  },
  'a production script imports test helpers': {
    file: 'scripts/planted.ts',
    code: "import { createCompany } from '../src/server/testing/factories.js';\nexport const planted = createCompany;\n",
    rule: ZONE,
    says: 'never imports test helpers',
  },
  'a script module imports test helpers': {
    file: 'scripts/bench/planted.ts',
    code: "import { createTestApp } from '../../src/server/testing/app.js';\nexport const planted = createTestApp;\n",
    rule: ZONE,
    says: 'never imports test helpers',
  },
  'a build script (.mjs) imports test helpers': {
    file: 'scripts/planted.mjs',
    code: "import { TestClock } from '../src/server/testing/clock.js';\nexport const planted = TestClock;\n",
    rule: ZONE,
    says: 'never imports test helpers',
  },
  "the HTTP wiring reads a procedure's _def": {
    file: 'src/server/planted-transport.ts',
    code: "import { appRouter } from './router.js';\nexport const planted = appRouter._def.procedures;\n",
    rule: 'no-restricted-syntax',
    says: "Only src/server/procedure-internals.ts reads tRPC's _def",
  },
  "a script destructures a router's _def": {
    file: 'scripts/planted.ts',
    code: "import { appRouter } from '../src/server/router.js';\nconst { _def } = appRouter;\nexport const planted = _def;\n",
    rule: 'no-restricted-syntax',
    says: "Only src/server/procedure-internals.ts reads tRPC's _def",
  },
  'a service imports the call path': {
    file: 'src/server/modules/planted/service.ts',
    code: "import { callerFor } from '../../calls.js';\nexport const planted = callerFor;\n",
    rule: ZONE,
    says: 'Services never import tRPC or the routers',
  },
  'a customer page imports an admin page': {
    file: 'src/client/pages/tasks/Planted.tsx',
    code: "import { AllTasksPage } from '../admin/tasks/AllTasksPage.js';\nexport const planted = AllTasksPage;\n",
    rule: ZONE,
    says: 'Customer pages do not import admin pages',
  },
  'a top-level customer page imports an admin page': {
    file: 'src/client/pages/Planted.tsx',
    code: "import { AllTasksPage } from './admin/tasks/AllTasksPage.js';\nexport const planted = AllTasksPage;\n",
    rule: ZONE,
    says: 'Customer pages do not import admin pages',
  },
  'an admin page imports a customer page': {
    file: 'src/client/pages/admin/tasks/Planted.tsx',
    code: "import { TasksPage } from '../../tasks/TasksPage.js';\nexport const planted = TasksPage;\n",
    rule: ZONE,
    says: 'Admin pages do not import customer pages',
  },
};

const allowed: Record<string, { file: string; code: string }> = {
  'a router imports the procedure builders, tRPC and its service': {
    file: 'src/server/modules/planted/router.ts',
    code: [
      "import { TRPCError } from '@trpc/server';",
      "import { router } from '../../trpc.js';",
      "import { listOwnTasks } from '../tasks/service.js';",
      'export const planted = [TRPCError, router, listOwnTasks];',
      '',
    ].join('\n'),
  },
  "a service imports AppError, shared rules and another module's service": {
    file: 'src/server/modules/planted/service.ts',
    code: [
      "import { AppError } from '../../errors.js';",
      "import { formatHours } from '../../../shared/format.js';",
      "import { listOwnTasks } from '../tasks/service.js';",
      'export const planted = [AppError, formatHours, listOwnTasks];',
      '',
    ].join('\n'),
  },
  'a module helper takes a Fastify logger type': {
    file: 'src/server/modules/planted/settlement.ts',
    code: "import type { FastifyBaseLogger } from 'fastify';\nexport type Planted = FastifyBaseLogger;\n",
  },
  'the HTTP wiring imports tRPC and Fastify': {
    file: 'src/server/rest.ts',
    code: "import { TRPCError } from '@trpc/server';\nimport Fastify from 'fastify';\nexport const planted = [TRPCError, Fastify];\n",
  },
  'a deep client page imports the AppRouter type and shared code': {
    file: 'src/client/pages/admin/companies/page/Planted.tsx',
    code: [
      "import type { AppRouter } from '../../../../../server/router.js';",
      "import { formatHours } from '../../../../../shared/format.js';",
      'export type Planted = AppRouter;',
      'export const planted = formatHours;',
      '',
    ].join('\n'),
  },
  'shared imports zod and other shared code': {
    file: 'src/shared/planted.ts',
    code: "import { z } from 'zod';\nimport { formatHours } from './format.js';\nexport const planted = [z, formatHours];\n",
  },
  'a server test imports test helpers': {
    file: 'src/server/modules/planted/service.test.ts',
    code: "import { createCompany } from '../../testing/factories.js';\nexport const planted = createCompany;\n",
  },
  'a script test imports test helpers': {
    file: 'scripts/planted.test.ts',
    code: "import { createCompany } from '../src/server/testing/factories.js';\nexport const planted = createCompany;\n",
  },
  'the export benchmark drives a test app': {
    file: 'scripts/bench-exports.ts',
    code: "import { createTestApp } from '../src/server/testing/app.js';\nexport const planted = createTestApp;\n",
  },
  'the mail benchmark uses the mail kit': {
    file: 'scripts/bench-mail.ts',
    code: "import { TestClock } from '../src/server/testing/mail-kit.js';\nexport const planted = TestClock;\n",
  },
  "procedure-internals reads the router's _def": {
    file: 'src/server/procedure-internals.ts',
    code: "import { appRouter } from './router.js';\nexport const planted = appRouter._def.procedures;\n",
  },
  'pages share through components': {
    file: 'src/client/pages/tasks/Planted.tsx',
    code: "import { PageHeader } from '../../components/PageHeader.js';\nexport const planted = PageHeader;\n",
  },
};

describe('a forbidden import is reported where the layering forbids it', () => {
  it.each(Object.entries(forbidden))('%s', async (_name, { file, code, rule, says }) => {
    const errors = (await lint(file, code)).filter((message) => message.severity === 2);
    expect(errors.map(({ ruleId, message }) => ({ ruleId, message }))).toEqual([{ ruleId: rule, message: expect.stringContaining(says) }]);
  });
});

describe('an allowed import lints clean', () => {
  it.each(Object.entries(allowed))('%s', async (_name, { file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
