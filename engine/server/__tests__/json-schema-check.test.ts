import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { assertJsonSchema, SHARED_META_CHECK } from '../json-schema-check';

const wrong = { type: 'object', properties: { name: { type: 'string', title: 5 } } };

describe('assertJsonSchema', () => {
  it('accepts a JSON Schema and refuses one that is not, in Ajv’s words', () => {
    expect(() =>
      assertJsonSchema({ type: 'object', properties: { name: { type: 'string' } } }),
    ).not.toThrow();
    expect(() => assertJsonSchema(wrong)).toThrow(
      'schema is invalid: data/properties/name/title must be string',
    );
  });

  it('is the check an Ajv with the shared options leaves out', () => {
    expect(() => new Ajv({ strict: false }).compile(wrong)).toThrow('schema is invalid');
    expect(() => new Ajv({ strict: false, ...SHARED_META_CHECK }).compile(wrong)).not.toThrow();
  });
});
