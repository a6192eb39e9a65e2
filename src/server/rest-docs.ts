import type { OpenAPIObject } from 'trpc-to-openapi';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../shared/list.js';
import { PER_PAGE_QUERY } from './rest-paging.js';

type Schema = { type?: string; description?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema };
type Parameter = { name: string; in: string; description?: string; schema?: Schema };
type Operation = {
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; headers?: unknown; content?: Record<string, { schema?: Schema }> }>;
};

const parameterHelp: Record<string, string> = {
  page: 'Page number, from 1.',
  [PER_PAGE_QUERY]: `Rows per page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}).`,
  search: "Text the screen's search box matches (case-insensitive).",
  company: 'Only rows of this company id.',
  sort: 'Column to sort by.',
  dir: 'Sort direction: asc or desc.',
};

const pageHeaders = {
  'X-Total-Count': { description: 'How many rows match, over all pages.', schema: { type: 'integer' } },
  Link: {
    description: 'RFC 8288 links to the first, prev, next and last pages (rel="first" etc.), keeping the other query parameters.',
    schema: { type: 'string' },
  },
};

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
  const { total: _total, ...properties } = schema.properties ?? {};
  return { ...schema, properties, required: schema.required?.filter((name) => name !== 'total') };
}
