import type { OpenAPIObject } from 'trpc-to-openapi';

/** A self-contained HTML page (no scripts, no outside assets) describing every /api route. */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
  minLength?: number;
};
type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (schema.type === 'object' && schema.properties) return 'object';
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

function fields(schema: Schema | undefined, depth = 0): string {
  const target = schema?.type === 'array' ? schema.items : schema;
  if (!target?.properties || depth > 2) return '';
  const rows = Object.entries(target.properties)
    .map(
      ([name, property]) =>
        `<li><code>${escape(name)}</code> <span class="type">${escape(typeOf(property))}</span>${
          target.required?.includes(name) ? ' <span class="req">required</span>' : ''
        }${fields(property, depth + 1)}</li>`,
    )
    .join('');
  return `<ul>${rows}</ul>`;
}

function operation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${escape(p.name)}</code> in ${p.in} <span class="type">${escape(typeOf(p.schema))}</span>${p.required ? ' <span class="req">required</span>' : ''}</li>`)
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const response = op.responses?.['200']?.content?.['application/json']?.schema;
  return `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escape(path)}</code>${op.security?.length ? ' <span class="lock">needs jwttoken</span>' : ''}</h3>
${op.summary ? `<p>${escape(op.summary)}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>JSON body</h4>${fields(body) || `<p class="type">${escape(typeOf(body))}</p>`}` : ''}
${response ? `<h4>Response</h4><p class="type">${escape(typeOf(response))}</p>${fields(response)}` : ''}
</section>`;
}

export function renderApiDocs(document: OpenAPIObject): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} — reference</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2933;line-height:1.5}
h1{color:#1976d2}h2{border-bottom:2px solid #1976d2;padding-bottom:4px;margin-top:40px}
.op{border:1px solid #dde3ea;border-radius:8px;padding:12px 16px;margin:12px 0}
.op h3{margin:0;font-size:16px}.op h4{margin:8px 0 0;font-size:13px;color:#52606d;text-transform:uppercase}
.method{display:inline-block;min-width:60px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px;margin-right:6px}
.get{background:#2e7d32}.post{background:#1976d2}.put{background:#ff9800}.delete{background:#c62828}.patch{background:#6a1b9a}
.type{color:#52606d;font-family:ui-monospace,monospace;font-size:13px}.req{color:#c62828;font-size:12px}.lock{font-size:12px;color:#52606d}
ul{margin:4px 0;padding-left:20px}code{font-family:ui-monospace,monospace}
</style></head><body>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description ?? '')}</p>
<p>Errors answer with <code>{ "message": "…" }</code> (and <code>fieldErrors</code> for invalid input): 400 bad input, 401 no valid session, 403 missing role, 404 not found, 409 conflict, 413 body over 1 MB, 429 too many attempts. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav>${[...byTag.keys()].map((tag) => `<a href="#${escape(tag)}">${escape(tag)}</a>`).join(' · ')}</nav>
${sections}
</body></html>`;
}
