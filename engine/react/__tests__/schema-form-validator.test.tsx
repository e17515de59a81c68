import type { FormValidation, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemaFormValidator } from '../schema-form-validator';

const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'email'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    kind: { type: 'string', enum: ['a', 'b'] },
    age: { type: 'integer', minimum: 18, maximum: 99 },
    tags: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string' } },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string', maxLength: 3 } },
      },
    },
  },
};

/** What the form's messages read from an error. */
function summary(errors: RJSFValidationError[]) {
  return errors.map(({ name, property, params }) => ({ name, property, params }));
}

describe('schemaFormValidator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports errors in the shape of Ajv: keyword, dotted property, params', () => {
    const { errors, errorSchema } = schemaFormValidator.validateFormData(
      {
        name: 'A',
        email: 'not an address',
        site: 'no scheme',
        day: '2024-13-40',
        country: 'nl',
        kind: 'c',
        age: 'ten',
        tags: ['x'],
        sections: [{ title: 'Long title' }, {}],
        extra: true,
      },
      schema,
    );
    expect(summary(errors)).toEqual([
      { name: 'minLength', property: '.name', params: { limit: 2 } },
      { name: 'format', property: '.email', params: { format: 'email' } },
      { name: 'format', property: '.site', params: { format: 'uri' } },
      { name: 'format', property: '.day', params: { format: 'date' } },
      { name: 'pattern', property: '.country', params: { pattern: '^[A-Z]{2}$' } },
      { name: 'enum', property: '.kind', params: { allowedValues: ['a', 'b'] } },
      { name: 'type', property: '.age', params: { type: 'integer' } },
      { name: 'minItems', property: '.tags', params: { limit: 2 } },
      { name: 'maxLength', property: '.sections.0.title', params: { limit: 3 } },
      { name: 'required', property: '.sections.1.title', params: { missingProperty: 'title' } },
      { name: 'additionalProperties', property: '', params: { additionalProperty: 'extra' } },
    ]);
    expect(errorSchema).toMatchObject({
      sections: {
        1: { title: { __errors: ['Instance does not have required property "title".'] } },
      },
    });
  });

  it('takes a key whose value is undefined as missing, and names each missing key', () => {
    const { errors } = schemaFormValidator.validateFormData({ name: undefined }, schema);
    expect(summary(errors)).toEqual([
      { name: 'required', property: '.name', params: { missingProperty: 'name' } },
      { name: 'required', property: '.email', params: { missingProperty: 'email' } },
    ]);
  });

  it('reads upper limits and passes valid data', () => {
    const { errors } = schemaFormValidator.validateFormData(
      { name: 'Ada Lovelace', email: 'ada@example.org', age: 120, tags: ['a', 'b', 'c', 'd'] },
      schema,
    );
    expect(summary(errors)).toEqual([
      { name: 'maxLength', property: '.name', params: { limit: 5 } },
      { name: 'maximum', property: '.age', params: { limit: 99 } },
      { name: 'maxItems', property: '.tags', params: { limit: 3 } },
    ]);
    const valid = { name: 'Ada', email: 'ada@example.org', site: 'https://example.org/a' };
    expect(schemaFormValidator.validateFormData(valid, schema).errors).toEqual([]);
  });

  it('puts the errors of a dependency branch on their own fields', () => {
    const withBranches: RJSFSchema = {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['rolling', 'fixed'] } },
      dependencies: {
        type: {
          oneOf: [
            {
              properties: { type: { enum: ['rolling'] }, months: { type: 'integer' } },
              required: ['months'],
            },
            {
              properties: { type: { enum: ['fixed'] }, fixed_date: { type: 'string' } },
              required: ['fixed_date'],
            },
          ],
        },
      },
    };
    const { errors } = schemaFormValidator.validateFormData({ type: 'fixed' }, withBranches);
    expect(summary(errors)).toContainEqual({
      name: 'required',
      property: '.fixed_date',
      params: { missingProperty: 'fixed_date' },
    });
    expect(
      schemaFormValidator.isValid(withBranches, { type: 'fixed', fixed_date: 'x' }, withBranches),
    ).toBe(true);
  });

  it('follows $ref, in the root and in the parts rjsf checks alone', () => {
    const code = { $ref: '#/definitions/code' };
    const withRefs: RJSFSchema = {
      type: 'object',
      definitions: { code: { type: 'string', minLength: 3 } },
      properties: { code },
    };
    const { errors } = schemaFormValidator.validateFormData({ code: 'x' }, withRefs);
    expect(summary(errors)).toEqual([
      { name: 'minLength', property: '.code', params: { limit: 3 } },
    ]);
    const part = { ...code };
    expect(schemaFormValidator.isValid(part, 'abc', withRefs)).toBe(true);
    expect(schemaFormValidator.isValid(part, 'x', withRefs)).toBe(false);
  });

  it('runs transformErrors and customValidate', () => {
    const { errors, errorSchema } = schemaFormValidator.validateFormData(
      { name: 'Ada', email: 'ada@example.org' },
      schema,
      (data, handler) => {
        const fields = handler as FormValidation<{ name?: string }>;
        if ((data as { name?: string }).name === 'Ada') fields.name?.addError('Taken');
        return handler;
      },
      (list) => list,
    );
    expect(errors).toEqual([expect.objectContaining({ property: '.name', message: 'Taken' })]);
    expect(errorSchema).toMatchObject({ name: { __errors: ['Taken'] } });
  });

  it('validates with code generation forbidden, as under a CSP without unsafe-eval', () => {
    // What a browser does under such a policy: `Function(...)`, `new Function(...)` and `eval` throw.
    function forbidden(): never {
      throw new EvalError('Code generation from strings is not allowed');
    }
    vi.stubGlobal('Function', forbidden);
    vi.stubGlobal('eval', forbidden);
    // The stub does stop a schema compiler.
    expect(() => new Ajv({ logger: false }).compile({ type: 'string' })).toThrow(EvalError);

    const { errors } = schemaFormValidator.validateFormData({ name: 'A' }, schema);
    expect(errors.map((e) => e.name)).toEqual(['required', 'minLength']);
    expect(schemaFormValidator.isValid(schema, { name: 'Ada', email: 'a@b.co' }, schema)).toBe(
      true,
    );
  });
});
