import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import { sectionTypes } from '@schemas/storefront/section-types';
import { formatProblems, validateProject } from '../validate-project';

const dirs: string[] = [];

function project(files: Record<string, string>): string {
  // Inside the project (an ignored cache folder) so the test runner resolves the imports.
  const base = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'atrium-validate-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const goodSchemas = {
  'schemas/entities/thing.schema.ts': `
    export const thingSchema = { $id: 'test:thing', type: 'object', properties: { name: { type: 'string' } } } as const;
    export const boxSchema = { $id: 'test:box', type: 'object', properties: { thing: { $ref: 'test:thing' } } } as const;`,
  'schemas/forms/thing.schema.ts': `
    export const thingFormSchema = { $id: 'test:thing-form', type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } } } as const;
    export const thingUiSchema = { 'ui:order': ['name'], name: { 'ui:autofocus': true }, tags: { items: { label: {} } } };`,
};

describe('validateProject', () => {
  it('passes a good project with a one-line summary', async () => {
    const root = project({
      ...goodSchemas,
      'routes.config.json': JSON.stringify({ routes: [{ path: '/', page: 'home' }] }),
      'src/app/project.ts': `export const pageKeys = ['home'];`,
    });
    const report = await validateProject(root);
    expect(report.problems).toEqual([]);
    expect(report.summary).toBe(
      'OK: routes.config.json (1 routes, 1 page keys), 3 schemas, 1 uiSchemas',
    );
  });

  it('reports a broken config, schemas and uiSchemas with their paths', async () => {
    const root = project({
      'routes.config.json': JSON.stringify({
        routes: [
          { path: '/', page: 'home' },
          { path: '/shop', children: [{ path: '', page: 'shopp' }] },
        ],
      }),
      'src/app/project.ts': `export const pageKeys = ['home', 'shop'];`,
      'schemas/entities/bad.schema.ts': `
        export const noIdSchema = { type: 'object' } as const;
        export const relativeIdSchema = { $id: 'test/relative', type: 'object' } as const;
        export const brokenSchema = { $id: 'test:broken', type: 'object', properties: { a: { $ref: 'test:missing' } } } as const;
        export const wrongSchema = { $id: 'test:wrong', type: 'nonsense' } as const;`,
      'schemas/forms/thing.schema.ts': `
        export const thingFormSchema = { $id: 'test:thing-form', type: 'object', properties: { name: { type: 'string' } } } as const;
        export const thingUiSchema = { name: {}, nmae: { 'ui:widget': 'textarea' } };`,
    });
    const { problems } = await validateProject(root);
    const lines = formatProblems(problems).split('\n');
    expect(lines).toContain('routes.config.json#/routes/1/children/0/page: unknown page "shopp"');
    expect(lines).toContain('schemas/entities/bad.schema.ts#noIdSchema: needs an $id');
    expect(lines).toContain(
      "schemas/entities/bad.schema.ts#relativeIdSchema: needs an absolute $id such as 'atrium:name', not 'test/relative'",
    );
    expect(
      lines.some((l) =>
        l.startsWith('schemas/entities/bad.schema.ts#brokenSchema: does not compile'),
      ),
    ).toBe(true);
    expect(
      lines.some((l) =>
        l.startsWith('schemas/entities/bad.schema.ts#wrongSchema: does not compile'),
      ),
    ).toBe(true);
    expect(lines).toContain(
      'schemas/forms/thing.schema.ts#thingUiSchema/nmae: names a field thingFormSchema does not have',
    );
    expect(problems).toHaveLength(6);
  });

  it('checks routes without page keys when the project file is absent', async () => {
    const root = project({
      'routes.config.json': '{ "routes": [ { "path": "/", "page": "anything" } ] }',
    });
    const report = await validateProject(root);
    expect(report.problems).toEqual([]);
    expect(report.summary).toContain('page keys not checked');
  });

  it('reports a config that is not JSON', async () => {
    const root = project({ 'routes.config.json': '{ routes: ' });
    const { problems } = await validateProject(root);
    expect(problems[0]?.path).toBe('routes.config.json');
    expect(problems[0]?.message).toMatch(/^invalid JSON/);
  });

  it('checks declared section types against the meta-schema and their defaults', async () => {
    const meta = join(process.cwd(), 'schemas', 'config', 'section-type.schema.ts');
    const part = (id: string, properties: string) =>
      `{ $id: '${id}', type: 'object', properties: ${properties} }`;
    const good = (type: string, size = 8) => `{
      type: '${type}', label: 'Banner', renderer: '${type}',
      content: ${part(`test:${type}:content`, `{ heading: { type: 'string', minLength: 1 }, size: { type: 'integer', maximum: 24 } }`)},
      settings: ${part(`test:${type}:settings`, '{}')},
      appearance: ${part(`test:${type}:appearance`, '{}')},
      defaults: { content: { heading: 'Hi', size: ${size} }, settings: {}, appearance: {} },
      restrictions: ['language'],
    }`;
    const files = (declarations: string) => ({
      'routes.config.json': JSON.stringify({ routes: [{ path: '/', page: 'home' }] }),
      'schemas/config/section-type.schema.ts': `export { sectionTypeSchema } from ${JSON.stringify(meta)};`,
      'schemas/storefront/section-types.ts': `export const sectionTypes = [${declarations}];`,
    });

    const ok = await validateProject(project(files(`${good('banner')}, ${good('quote')}`)));
    expect(ok.problems).toEqual([]);
    expect(ok.summary).toMatch(/, 2 section types$/);

    const bad = await validateProject(
      project(
        files(
          [
            good('banner', 30),
            good('banner'),
            `{ type: 'Bad Type', label: '', renderer: 'x', content: {}, settings: {}, appearance: {}, defaults: {}, restrictions: ['shoe_size'], extra: 1 }`,
          ].join(', '),
        ),
      ),
    );
    const lines = formatProblems(bad.problems).split('\n');
    const at = 'schemas/storefront/section-types.ts#/sectionTypes';
    expect(lines).toContain(`${at}/0/defaults/content/size: must be <= 24`);
    expect(lines).toContain(`${at}/1/type: "banner" is already declared at /sectionTypes/0`);
    expect(lines).toContain(`${at}/2/type: must match pattern "^[a-z][a-z0-9_]*$"`);
    expect(lines).toContain(`${at}/2/content/$id: must have required property '$id'`);
    expect(lines).toContain(`${at}/2/defaults/content: must have required property 'content'`);
    expect(lines).toContain(`${at}/2/extra: must NOT have additional properties`);
    expect(lines.some((l) => l.startsWith(`${at}/2/restrictions/0:`))).toBe(true);
  });

  it("checks a section type's editor uiSchema against its fields", async () => {
    const meta = join(process.cwd(), 'schemas', 'config', 'section-type.schema.ts');
    const declaration = `{
      type: 'banner', label: 'Banner', renderer: 'banner',
      content: { $id: 'test:banner:content', type: 'object', properties: {
        size: { type: 'string', enum: ['s', 'm', 'l'] }, text: { type: 'string' } } },
      settings: { $id: 'test:banner:settings', type: 'object', properties: {} },
      appearance: { $id: 'test:banner:appearance', type: 'object', properties: {} },
      defaults: { content: {}, settings: {}, appearance: {} },
      restrictions: [],
      ui: { content: {
        size: { 'ui:enumNames': ['Small', 'Medium'] },
        text: { 'ui:enumNames': ['A'], 'ui:widget': 'textarea' },
        colour: { 'ui:help': 'Gone' },
      } },
    }`;
    const report = await validateProject(
      project({
        'routes.config.json': JSON.stringify({ routes: [{ path: '/', page: 'home' }] }),
        'schemas/config/section-type.schema.ts': `export { sectionTypeSchema } from ${JSON.stringify(meta)};`,
        'schemas/storefront/section-types.ts': `export const sectionTypes = [${declaration}];`,
      }),
    );
    const at = 'schemas/storefront/section-types.ts#/sectionTypes/0/ui/content';
    expect(formatProblems(report.problems).split('\n')).toEqual([
      `${at}/size/ui:enumNames: names 2 values, the enum has 3`,
      `${at}/text/ui:enumNames: the field has no enum to name`,
      `${at}/colour: is not a field of the schema`,
    ]);
  });

  it('refuses a restriction type that reads an attribute users set themselves', async () => {
    const meta = join(process.cwd(), 'schemas', 'config', 'restriction-type.schema.ts');
    const type = (name: string, reads: string) =>
      `{ type: '${name}', label: 'X', reads: '${reads}', options: 'titles', dialog: { registered: 'one' } }`;
    const files = (declarations: string[]) => ({
      'routes.config.json': JSON.stringify({ routes: [{ path: '/', page: 'home' }] }),
      'schemas/config/restriction-type.schema.ts': `export { restrictionTypeSchema } from ${JSON.stringify(meta)};`,
      'schemas/entities/user.schema.ts': `
        export const userAttributes = {
          nickname: { setBy: 'self' },
          language: { setBy: 'self', preference: true },
          department: { setBy: 'administrator' },
        };
        export const userPatchSchema = { $id: 'test:user-patch', type: 'object', properties: {
          nickname: { type: 'string' }, language: { type: 'string' } } } as const;`,
      'schemas/entities/restriction-types.ts': `export const restrictionTypeDeclarations = [${declarations.join(', ')}];`,
    });

    const ok = await validateProject(
      project(files([type('department', 'department'), type('language', 'language')])),
    );
    expect(ok.problems).toEqual([]);
    expect(ok.summary).toMatch(/, 2 restriction types$/);

    const bad = await validateProject(
      project({
        ...files([
          type('department', 'department'),
          type('nickname', 'nickname'),
          `{ type: 'team', reads: 'department', options: 'titles', dialog: {} }`,
          type('height', 'height'),
          type('department', 'department'),
        ]),
        'schemas/entities/user.schema.ts': `
          export const userAttributes = { nickname: { setBy: 'self' }, department: { setBy: 'administrator' } };
          export const userPatchSchema = { $id: 'test:user-patch', type: 'object', properties: {
            nickname: { type: 'string' }, shoe_size: { type: 'string' } } } as const;`,
      }),
    );
    const at = 'schemas/entities/restriction-types.ts#/restrictionTypeDeclarations';
    expect(formatProblems(bad.problems).split('\n').sort()).toEqual(
      [
        `${at}/1/reads: "nickname" is set by users themselves (setBy: 'self'): anyone could join a "nickname" audience by editing their own profile. A restriction type may read only an attribute administrators set (setBy: 'administrator') or a preference`,
        `${at}/2/label: must have required property 'label'`,
        `${at}/3/reads: "height" is not a declared user attribute (userAttributes)`,
        `${at}/4/type: "department" is already declared at /0`,
        'schemas/entities/user.schema.ts#/userAttributes/shoe_size: the profile field "shoe_size" does not say who sets it',
      ].sort(),
    );
  });

  it("the project's own section and restriction types are valid", async () => {
    const report = await validateProject(process.cwd());
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatch(
      new RegExp(
        `, ${sectionTypes.length} section types, ${restrictionTypeDeclarations.length} restriction types$`,
      ),
    );
  });
});
