import { describe, expect, it } from 'vitest';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { compileSettingsDocuments, settingsDocumentProblems } from '../settings-documents';

const declaration = (key: string, properties: Record<string, unknown>) => ({
  key,
  schema: {
    $id: `atrium:settings-document:${key}`,
    type: 'object',
    title: 'Example',
    required: Object.keys(properties),
    properties,
  },
  access: { read: ['site_manage'], change: ['site_manage'] },
});

describe('settings document declarations', () => {
  it('accepts the shipped documents', () => {
    expect(settingsDocumentProblems(settingsDocuments)).toEqual([]);
  });

  it('lists every problem with its path', () => {
    const problems = settingsDocumentProblems([
      { ...declaration('Bad Key', { a: { type: 'string', default: 'x' } }), extra: true },
      declaration('a', { size: { type: 'integer', minimum: 1, default: 0 } }),
      declaration('a', { name: { type: 'string', title: 'Name' } }),
      { ...declaration('b', { on: { type: 'boolean', default: true } }), access: { read: [] } },
      declaration('c', { name: { type: 'string', title: 5 } }),
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '/0', message: 'unknown property "extra"' },
        { path: '/0/key', message: 'must match pattern "^[a-z][a-z0-9_]*$"' },
        { path: '/1/schema/properties/size/default', message: 'must be >= 1' },
        { path: '/2/key', message: '"a" is already declared at /1' },
        {
          path: '/2/schema/$id',
          message: '"atrium:settings-document:a" is already declared at /1',
        },
        {
          path: '/2/schema/default',
          message: "the defaults make no valid document: must have required property 'name'",
        },
        { path: '/3/access', message: "must have required property 'change'" },
        { path: '/3/access/read', message: 'must NOT have fewer than 1 items' },
        {
          path: '/4/schema',
          message: 'schema is invalid: data/properties/name/title must be string',
        },
      ]),
    );
  });

  it('refuses to compile a wrong declaration, so the server does not start with it', () => {
    expect(() =>
      compileSettingsDocuments([
        declaration('a', { size: { type: 'integer', minimum: 1, default: 0 } }) as never,
      ]),
    ).toThrow('/0/schema/properties/size/default: must be >= 1');
  });

  it('fills the defaults in where a stored document has nothing, nested ones too', () => {
    const [compiled] = compileSettingsDocuments([
      declaration('a', {
        on: { type: 'boolean', default: true },
        box: {
          type: 'object',
          default: {},
          properties: { size: { type: 'integer', default: 3 } },
        },
      }) as never,
    ]).values();
    expect(compiled!.withDefaults(undefined)).toEqual({ on: true, box: { size: 3 } });
    expect(compiled!.withDefaults({ on: false, box: {} })).toEqual({ on: false, box: { size: 3 } });
  });
});
