export type Schema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  $ref?: string;
};

/** Example values by field name, where the type alone would say nothing (an id, a name, an amount). */
const BY_NAME: Record<string, unknown> = {
  _id: '3f0c2a9e6b1d4c8e',
  id: '3f0c2a9e6b1d4c8e',
  company: '9b2e41d07a6c4f15',
  invoice: '5d7f13c2e8a94b60',
  companyName: 'Acme Ltd',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  password: 'correct horse battery',
  token: 'a7Qx…(the session token)',
  invoiceId: '1042',
  description: 'Migration of the billing service',
  title: 'Migrate the billing service',
  amount: 500,
  rate: 100,
  balance: 250,
  price: 500,
  remainingBalance: 250,
  transactionId: 'TX-2026-0042',
  hours: 5,
  role: 'member',
  method: 'ACH',
  status: 'completed',
  phone: '+1 555 0100',
  website: 'https://acme.example',
  message: 'Done.',
  url: '/api/activities/export.csv?q=…&exp=…&sig=…',
};

const BY_FORMAT: Record<string, string> = { 'date-time': '2026-03-02T15:04:05.000Z', date: '2026-03-02', email: 'ada@example.com', uri: 'https://acme.example' };

/** A plausible example of a value of the schema, to show the shape of a request or an answer. */
export function exampleOf(schema: Schema, name?: string, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 6) return {};
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key, depth + 1)]));
  }
  if (type === 'array') return schema.items ? [exampleOf(schema.items, name, depth + 1)] : [];
  if (schema.default !== undefined) return schema.default;
  if (schema.format && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  if (name && name in BY_NAME) {
    const value = BY_NAME[name];
    if (type === 'string' || typeof value !== 'string') return value;
  }
  if (type === 'boolean') return true;
  if (type === 'integer') return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
  if (type === 'number') return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 10;
  if (type === 'string') return schema.format === 'binary' ? undefined : 'text';
  return null;
}
