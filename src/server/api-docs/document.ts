import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { DOWNLOAD_ROUTES } from '../downloads.js';
import type { ProcedureInternals } from '../procedure-internals.js';
import { appRouter } from '../router.js';
import { describeOperations } from './operations.js';
import { documentDownloads, documentFormerPaths, documentPagedLists, documentQueryFields, type QueryField } from './rest-shapes.js';

/** What every caller needs to know first; the calls that need no session are those built on publicProcedure. */
const intro = (publicCalls: string[]) => [
  `Every call except ${listed(publicCalls)} needs the session token from POST /account/login in the jwttoken header (Authorize, above).`,
  'Units: money is in dollars as a JSON number with at most two decimals (stored as cents); hours are hours as a JSON number with at most two decimals (stored as hundredths of an hour). Instants are ISO 8601 date-times with an offset (format date-time); calendar days are YYYY-MM-DD (format date).',
  'Errors answer with { "message": "…" } and, for bad input, fieldErrors naming the fields: 400 bad input, 401 no valid session, 403 not allowed, 404 not found, 409 conflict, 413 body over 1 MB, 429 too many attempts (wait and retry), 503 the server cannot save now because its disk is full (retry later; nothing was saved).',
].join('\n\n');

const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The OpenAPI document of the REST mirror: generated from the procedures, with what the generator cannot know. */
export function buildApiDocument(procedures: ProcedureInternals[]): OpenAPIObject {
  const publicCalls = procedures.flatMap(({ isPublic, meta }) => (isPublic && meta?.openapi ? [`${meta.openapi.method} ${meta.openapi.path}`] : []));
  const generated = generateOpenApiDocument(appRouter, {
    title: 'Hourbank API',
    version: '1.0.0',
    baseUrl: '/api',
    description: intro(publicCalls),
    securitySchemes: { jwttoken: { type: 'apiKey', in: 'header', name: 'jwttoken', description: 'The session token from POST /account/login.' } },
  });
  const paged = new Set(procedures.flatMap((procedure) => (procedure.meta?.paged && procedure.meta.openapi ? [procedure.meta.openapi.path] : [])));
  const queryFields = procedures.flatMap(({ meta }): QueryField[] =>
    meta?.openapi ? (meta.queryFields ?? []).map((field) => ({ path: meta.openapi!.path, method: meta.openapi!.method, field })) : [],
  );
  const shaped = documentQueryFields(documentDownloads(documentPagedLists(generated, paged), DOWNLOAD_ROUTES), queryFields);
  return documentFormerPaths(describeOperations(shaped, procedures), procedures);
}
