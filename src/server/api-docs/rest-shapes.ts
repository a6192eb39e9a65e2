import type { OpenAPIObject } from 'trpc-to-openapi';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../shared/list.js';
import type { ProcedureInternals } from '../procedure-internals.js';
import { PER_PAGE_QUERY } from '../rest-paging.js';

type Schema = { type?: string; format?: string; description?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema };
type Parameter = { name: string; in: string; description?: string; schema?: Schema };
type Operation = {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; headers?: unknown; content?: Record<string, { schema?: Schema }> }>;
};

const parameterHelp: Record<string, string> = {
  page: 'Page number, from 1.',
  [PER_PAGE_QUERY]: `Rows per page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}).`,
  search: "Text the screen's search box matches (case-insensitive).",
  company: 'Only rows of this company id.',
  sort: 'Column to sort by.',
  dir: 'Sort direction: asc or desc.',
  from: "Only rows dated on or after this day (YYYY-MM-DD, in the provider's time zone).",
  to: "Only rows dated on or before this day (YYYY-MM-DD, in the provider's time zone).",
};

const pageHeaders = {
  'X-Total-Count': {
    description: 'How many rows match, over all pages; counting stops past a cap (then X-Total-Count-Capped is sent and this is a lower bound).',
    schema: { type: 'integer' },
  },
  'X-Total-Count-Capped': {
    description: 'Sent as true when counting stopped at its cap: there are at least X-Total-Count rows, and the Link header has no last page.',
    schema: { type: 'string', enum: ['true'] },
  },
  Link: {
    description: 'RFC 8288 links to the first, prev, next and last pages (rel="first" etc.), keeping the other query parameters; no last when the total is capped.',
    schema: { type: 'string' },
  },
};

/**
 * A call whose path changed (meta.formerPaths) answers at its former path for one release: the
 * current operation says so, and the former path is listed as the same operation, deprecated.
 */
export function documentFormerPaths(document: OpenAPIObject, procedures: ProcedureInternals[]): OpenAPIObject {
  const paths = (document.paths ??= {}) as Record<string, Record<string, Operation & { operationId?: string; deprecated?: boolean }>>;
  for (const { meta } of procedures) {
    const openapi = meta?.openapi;
    if (!openapi || !meta.formerPaths?.length) continue;
    const method = openapi.method.toLowerCase();
    const current = paths[openapi.path]?.[method];
    if (!current) throw new Error(`${openapi.method} ${openapi.path} is not in the document.`);
    const described = current.description ?? '';
    for (const former of meta.formerPaths) {
      const note = `Deprecated: the former path of ${openapi.method} ${openapi.path}, answered the same way until the next release. Use ${openapi.path}.`;
      paths[former] = { ...paths[former], [method]: { ...structuredClone(current), operationId: `${current.operationId ?? method}-former`, deprecated: true, description: `${note} ${described}` } };
    }
    const listed = meta.formerPaths.map((former) => `${openapi.method} ${former}`).join(' and ');
    current.description = `${described} Until the next release, the former path ${listed} answers too (deprecated).`;
  }
  return document;
}

/** The generator describes the tRPC shape ({ items, total }); REST answers differently, so say what it does. */
export function documentPagedLists(document: OpenAPIObject, pagedPaths: Set<string>): OpenAPIObject {
  for (const path of pagedPaths) {
    const operation = (document.paths?.[path] as { get?: Operation } | undefined)?.get;
    if (!operation) continue;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.name === 'perPage') parameter.name = PER_PAGE_QUERY;
      // a list whose paging differs from the usual says so in its own schema
      parameter.description ??= parameter.schema?.description ?? parameterHelp[parameter.name];
    }
    const ok = operation.responses?.['200'];
    const json = ok?.content?.['application/json'];
    if (!ok || !json?.schema) continue;
    json.schema = restSchema(json.schema);
    ok.headers = pageHeaders;
    operation.description = `${operation.description ? `${operation.description} ` : ''}Paged: ?page=&per_page=; the total is in X-Total-Count and the other pages in the Link header.`;
  }
  return document;
}

function restSchema(schema: Schema): Schema {
  const items = schema.properties?.items;
  if (items) return items;
  const { total: _total, totalIsCapped: _capped, ...properties } = schema.properties ?? {};
  return { ...schema, properties, required: schema.required?.filter((name) => name !== 'total' && name !== 'totalIsCapped') };
}

/** A download served by the HTTP wiring (not a procedure), documented from the link call that issues it. */
export type DownloadRoute = { path: string; linkPath: string; mediaType: string | string[]; summary: string };

const signedLinkParameters: Parameter[] = [
  { name: 'exp', in: 'query', description: 'Expiry of a signed link (set by its link call); leave out with the jwttoken header.', schema: { type: 'string' } },
  { name: 'sig', in: 'query', description: 'Signature of a signed link (set by its link call, always last); leave out with the jwttoken header.', schema: { type: 'string' } },
];

/**
 * The downloads take what their link call takes, from the query string with the jwttoken header,
 * or nothing but a signed link's own query (q, exp, sig).
 */
export function documentDownloads(document: OpenAPIObject, routes: DownloadRoute[]): OpenAPIObject {
  for (const route of routes) {
    const link = (document.paths?.[route.linkPath] as { get?: Operation & { tags?: string[]; security?: unknown } } | undefined)?.get;
    if (!link) throw new Error(`The download ${route.path} has no documented link call ${route.linkPath}.`);
    const download = {
      tags: link.tags,
      summary: route.summary,
      description: `Streams the file as an attachment. With the jwttoken header, takes the parameters of GET ${route.linkPath}; or open the url that call answers (no header needed). 403 for a changed or expired link, 429 over the download limit or while too many downloads run.`,
      security: link.security,
      parameters: [...(link.parameters ?? []), { name: 'q', in: 'query', description: 'What a signed link downloads (set by its link call).', schema: { type: 'string' } }, ...signedLinkParameters],
      responses: {
        '200': { description: 'The file.', content: Object.fromEntries([route.mediaType].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) },
        ...Object.fromEntries(Object.entries(link.responses ?? {}).filter(([status]) => status !== '200')),
      },
    };
    document.paths = { ...document.paths, [route.path]: { get: download } } as OpenAPIObject['paths'];
  }
  return document;
}

/** A write whose field may also come in the query string (the REST mirror reads both), for which a call is documented. */
export type QueryField = { path: string; method: string; field: string };

/** The generator puts a write's input in its body only; name the fields a script may send in the query. */
export function documentQueryFields(document: OpenAPIObject, fields: QueryField[]): OpenAPIObject {
  for (const { path, method, field } of fields) {
    const operation = (document.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
    const schema = operation?.requestBody?.content?.['application/json']?.schema?.properties?.[field];
    if (!operation || !schema) throw new Error(`${method} ${path} has no body field ${field} to name in its query.`);
    const { description, ...rest } = schema;
    operation.parameters = [
      ...(operation.parameters ?? []),
      { name: field, in: 'query', description: `${description ? `${description} ` : ''}May be sent in the query string or in the body.`, schema: rest },
    ];
  }
  return document;
}
