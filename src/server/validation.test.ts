import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessage } from './validation.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return validationMessage(result.error);
};

describe('validationMessage', () => {
  it('keeps a message written in the schema as it is', () => {
    expect(messageOf(z.object({ title: z.string({ message: 'Title is required.' }) }), {})).toBe('Title is required.');
  });

  it("says a field of the wrong type in a plain sentence, not zod's wording", () => {
    const schema = z.object({ search: z.string().optional(), emailClient: z.boolean().optional(), page: z.number().optional() });
    expect(messageOf(schema, { search: [] })).toBe('search must be text.');
    expect(messageOf(schema, { emailClient: 'yes' })).toBe('emailClient must be true or false.');
    expect(messageOf(schema, { page: 'one' })).toBe('page must be a number.');
  });

  it('says what the whole input must be', () => {
    expect(messageOf(z.object({ id: z.string() }), [])).toBe('The request must be a JSON object.');
    expect(messageOf(z.object({ id: z.string() }), null)).toBe('The request must be a JSON object.');
    expect(messageOf(z.void(), { id: 1 })).toBe('This call takes no input.');
  });

  it('puts the field in front of any other default message', () => {
    expect(messageOf(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toMatch(/^kind: .+\.$/);
  });
});
