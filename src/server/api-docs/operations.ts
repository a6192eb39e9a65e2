import type { OpenAPIObject } from 'trpc-to-openapi';
import type { ProcedureInternals } from '../procedure-internals.js';
import { exampleOf, OPERATION_EXAMPLES, withOperationFields, type Schema } from './examples.js';

type Media = { schema?: Schema; example?: unknown };
type Response = { description?: string; content?: Record<string, Media> };
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
};

/** Instants and calendar days by field name; every wire date is a string the generator types as plain text. */
const FIELD_FORMATS: Record<string, 'date-time' | 'date'> = {
  createdAt: 'date-time',
  creationDate: 'date-time',
  enabledAt: 'date-time',
  occurredAt: 'date-time',
  negativeEmailedAt: 'date-time',
  runningLowEmailedAt: 'date-time',
  paymentDate: 'date-time',
  timeStamp: 'date-time',
  transactionDate: 'date-time',
  startDate: 'date-time',
  endDate: 'date-time',
  weekStart: 'date',
  weekEnd: 'date',
  date: 'date',
  runsOutOn: 'date',
};

/** Fields in dollars (stored as cents, decision 004) and in hours (stored as hundredths). */
const DOLLAR_FIELDS = new Set(['amount', 'rate', 'balance', 'price', 'total', 'totalAmount', 'paid', 'totalReceivable', 'openBalance', 'remainingBalance']);
const HOUR_FIELDS = /hours$|^hours|Hours$/i;
const HOURS = 'Hours, at most two decimals (stored as hundredths of an hour).';
/** Objects whose every decimal number is hours whatever its name: the dashboard's Hour Balance card (balance, used, …). */
const HOUR_OBJECTS = new Set(['hourBalance']);

const ERROR_SCHEMA: Schema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What went wrong, as a sentence a person can read.' },
    fieldErrors: {
      type: 'object',
      description: 'Bad input only: the message for each field that was refused, by field name.',
      additionalProperties: { type: 'string' },
    },
  },
  required: ['message'],
};

const ERRORS: Record<string, { description: string; example: unknown }> = {
  '400': { description: 'Bad input: nothing was changed.', example: { message: 'Hours must be more than 0.', fieldErrors: { hours: 'Hours must be more than 0.' } } },
  '401': { description: 'No valid session: send the token from POST /account/login in the jwttoken header.', example: { message: 'Please sign in to continue.' } },
  '403': { description: 'Signed in, but this call needs another role or company.', example: { message: 'You do not have permission to do this.' } },
  '404': { description: 'No such record (or not one of yours).', example: { message: 'Invoice not found.' } },
  '429': { description: 'Too many attempts: wait a while and try again.', example: { message: 'Too many attempts. Please wait a few minutes and try again.' } },
};

/**
 * Adds what the generator cannot know to each operation of the procedures: examples of its request
 * and answer, the formats and units of its fields, and its error answers in the shape both
 * transports use ({ message, fieldErrors? }). The generator has already given each operation its
 * procedure's own description (meta.openapi.description).
 */
export function describeOperations(document: OpenAPIObject, procedures: ProcedureInternals[]): OpenAPIObject {
  const byRoute = new Map<string, ProcedureInternals>();
  for (const procedure of procedures) {
    const openapi = procedure.meta?.openapi;
    if (openapi) byRoute.set(`${openapi.method.toLowerCase()} ${openapi.path}`, procedure);
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const procedure = byRoute.get(`${method} ${path}`);
      if (procedure?.isPublic) leaveUnprotected(operation);
      describeFields(operation);
      addExamples(operation, OPERATION_EXAMPLES[`${method.toUpperCase()} ${path}`]);
      addErrors(operation, path, procedure);
    }
  }
  const components = (document.components ??= {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...Object.fromEntries(Object.entries(components.schemas ?? {}).filter(([name]) => !name.startsWith('error.'))), Error: ERROR_SCHEMA };
  return document;
}

/**
 * A call built on publicProcedure needs no session: no security requirement, and no 401 or 403 for
 * a missing one (the generator assumes every call needs the token).
 */
function leaveUnprotected(operation: Operation): void {
  delete operation.security;
  delete operation.responses?.['401'];
  delete operation.responses?.['403'];
}

function describeFields(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) if (parameter.schema) describeField(parameter.name, parameter.schema);
  for (const media of Object.values(operation.requestBody?.content ?? {})) walk(media.schema);
  for (const response of Object.values(operation.responses ?? {})) for (const media of Object.values(response.content ?? {})) walk(media.schema);
}

function walk(schema: Schema | undefined, inHours = false): void {
  if (!schema) return;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    describeField(name, property, inHours);
    walk(property, HOUR_OBJECTS.has(name));
  }
  walk(schema.items);
  for (const option of schema.anyOf ?? []) walk(option);
}

function describeField(name: string, schema: Schema, inHours = false): void {
  const format = FIELD_FORMATS[name];
  if (inHours && schema.type === 'number') {
    schema.description ??= HOURS;
  } else if (format) {
    for (const target of [schema, ...(schema.anyOf ?? [])]) if (isString(target)) target.format = format;
    schema.description ??= format === 'date' ? 'A calendar day, YYYY-MM-DD.' : 'An instant, ISO 8601 with an offset.';
  } else if (DOLLAR_FIELDS.has(name)) {
    schema.description ??= 'Dollars, at most two decimals (stored as cents).';
  } else if (HOUR_FIELDS.test(name)) {
    schema.description ??= HOURS;
  }
}

const isString = (schema: Schema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

function addExamples(operation: Operation, own: (typeof OPERATION_EXAMPLES)[string] | undefined): void {
  for (const media of Object.values(operation.requestBody?.content ?? {})) if (media.schema) media.example ??= withOperationFields(exampleOf(media.schema), own?.request);
  const ok = operation.responses?.['200'];
  for (const [type, media] of Object.entries(ok?.content ?? {})) {
    if (media.schema && type.includes('json')) media.example ??= withOperationFields(exampleOf(media.schema), own?.response);
  }
}

function addErrors(operation: Operation, path: string, procedure: ProcedureInternals | undefined): void {
  const responses = (operation.responses ??= {});
  const statuses = ['400'];
  if (operation.security?.length) statuses.push('401', '403');
  if (path.includes('{')) statuses.push('404');
  if (procedure?.meta?.rateLimit) statuses.push('429');
  for (const status of Object.keys(responses)) if (/^[45]/.test(status) && !statuses.includes(status) && status !== '500') statuses.push(status);
  for (const status of statuses) {
    const known = ERRORS[status];
    responses[status] = {
      description: known?.description ?? responses[status]?.description ?? 'Refused.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } as Schema, example: known?.example ?? { message: 'That conflicts with an existing record.' } } },
    };
  }
  if (responses['500']) responses['500'] = { description: 'A fault on the server; the message says nothing more.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } as Schema, example: { message: 'Something went wrong.' } } } };
}
