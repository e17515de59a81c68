import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

const lines = async (files: Record<string, string>) =>
  formatProblems((await validateProject(project(files))).problems)
    .split('\n')
    .filter(Boolean);

/** A small good project: two routes, their pages, an Arabic translation of their texts. */
const routes = [
  { path: '/', page: 'home', title: 'Home' },
  {
    path: '/items',
    breadcrumb: 'Items',
    children: [
      { path: '', page: 'items', title: 'Items' },
      { path: ':itemId', page: 'item', breadcrumb: 'Item', title: 'Item' },
    ],
  },
];
const good = {
  'routes.config.json': JSON.stringify({ routes }, null, 2),
  'src/app/project.ts': `export const pageKeys = ['home', 'items', 'item'];`,
  'translations/interface-ar.json': JSON.stringify({ Home: 'ر', Items: 'ع', Item: 'ع' }),
  'schemas/entities/thing.schema.ts': `
    export const thingSchema = { $id: 'test:thing', type: 'object', properties: { name: { type: 'string' } } } as const;
    export const boxSchema = { $id: 'test:box', type: 'object', properties: { thing: { $ref: 'test:thing' } } } as const;`,
  'src/features/things/thing-form.schema.ts': `
    export const thingFormSchema = { $id: 'test:thing-form', type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } } } as const;
    export const thingUiSchema = { 'ui:order': ['name', '*'], name: { 'ui:autofocus': true }, tags: { items: { label: {} } } };`,
};
const withRoutes = (change: (r: typeof routes) => void) => {
  const copy = structuredClone(routes);
  change(copy);
  return { ...good, 'routes.config.json': JSON.stringify({ routes: copy }, null, 2) };
};

describe('validateProject', () => {
  it('passes a good project with a one-line summary', async () => {
    const report = await validateProject(project(good));
    expect(report.problems).toEqual([]);
    expect(report.summary).toBe(
      'OK: routes.config.json (2 routes, 3 page keys, 1 translations), 3 schemas, 1 uiSchemas',
    );
  });

  it('reports a route the router would match like another, whatever its parameter is called', async () => {
    expect(
      await lines(withRoutes((r) => r.push({ path: '/items/:id/', page: 'item', title: 'Item' }))),
    ).toEqual([
      'routes.config.json#/routes/2/path: duplicate path "/items/:id/": the router matches it like "/items/:itemId" at /routes/1/children/1 (parameter names and trailing slashes do not tell routes apart); remove one or give it another path',
    ]);
  });

  it('reports a breadcrumb and a title with no translation, naming the file to add them to', async () => {
    expect(
      await lines(
        withRoutes((r) => {
          r[1]!.breadcrumb = 'Catalogue';
          r[0]!.title = 'Welcome';
        }),
      ),
    ).toEqual([
      'routes.config.json#/routes/1/breadcrumb: breadcrumb "Catalogue" has no translation in translations/interface-ar.json: add "Catalogue" to it',
      'routes.config.json#/routes/0/title: title "Welcome" has no translation in translations/interface-ar.json: add "Welcome" to it',
    ]);
  });

  it('reports a description with no translation, as landing pages show it on their cards', async () => {
    expect(
      await lines(withRoutes((r) => Object.assign(r[1]!, { description: 'Everything on sale.' }))),
    ).toEqual([
      'routes.config.json#/routes/1/description: description "Everything on sale." has no translation in translations/interface-ar.json: add "Everything on sale." to it',
    ]);
  });

  it('reports a page key that is not registered, with the registry and the known keys', async () => {
    expect(await lines(withRoutes((r) => (r[1]!.children![0]!.page = 'itemz')))).toEqual([
      'routes.config.json#/routes/1/children/0/page: unknown page "itemz": did you mean "items"? register the page in src/app/pages.ts (known keys: home, items, item)',
    ]);
  });

  it('reports invalid JSON at its line and column', async () => {
    expect(
      await lines({ ...good, 'routes.config.json': '{\n  "routes": [\n    { path: "/" }\n  ]\n}' }),
    ).toEqual([
      "routes.config.json:3:7: invalid JSON: Expected property name or '}'; fix the syntax there (strings and keys in double quotes, no trailing commas)",
    ]);
  });

  it('reports schemas without an absolute $id, that do not compile, or that reuse an $id', async () => {
    const found = await lines({
      ...good,
      'schemas/entities/bad.schema.ts': `
        export const noIdSchema = { type: 'object' } as const;
        export const relativeIdSchema = { $id: 'test/relative', type: 'object' } as const;
        export const brokenSchema = { $id: 'test:broken', type: 'object', properties: { a: { $ref: 'test:missing' } } } as const;
        export const wrongSchema = { $id: 'test:wrong', type: 'nonsense' } as const;`,
      'src/features/things/copy.schema.ts': `export const copySchema = { $id: 'test:thing', type: 'object', properties: { title: { type: 'string' } } } as const;`,
    });
    expect(found).toContain(
      "schemas/entities/bad.schema.ts#noIdSchema: needs an $id such as 'atrium:name'",
    );
    expect(found).toContain(
      "schemas/entities/bad.schema.ts#relativeIdSchema: needs an absolute $id such as 'atrium:name', not 'test/relative'",
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /^schemas\/entities\/bad\.schema\.ts#brokenSchema: does not compile: .*no schema of the project has the \$id "test:missing"/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^schemas\/entities\/bad\.schema\.ts#wrongSchema: does not compile/),
    );
    expect(found).toContain(
      'src/features/things/copy.schema.ts#copySchema: $id "test:thing" is already used by schemas/entities/thing.schema.ts#thingSchema for another schema: give this one its own $id',
    );
    expect(found).toHaveLength(5);
  });

  it('reports a $ref cycle that never reaches a value, with its chain, and allows recursion through items', async () => {
    expect(
      await lines({
        ...good,
        'schemas/entities/loop.schema.ts': `
          export const aSchema = { $id: 'test:a', allOf: [{ $ref: 'test:b' }] } as const;
          export const bSchema = { $id: 'test:b', $ref: 'test:a' } as const;
          export const treeSchema = { $id: 'test:tree', type: 'object', properties: { children: { type: 'array', items: { $ref: 'test:tree' } } } } as const;`,
      }),
    ).toEqual([
      'schemas/entities/loop.schema.ts#aSchema: $ref cycle test:a → test:b → test:a: each refers to the next without describing a property or item, so validating never ends; drop one $ref or move it into a property or items',
    ]);
  });

  it('checks uiSchemas against their schemas in both directions', async () => {
    const form = (ui: string) => ({
      ...good,
      'src/features/things/thing-form.schema.ts': `
        export const thingFormSchema = { $id: 'test:thing-form', type: 'object',
          properties: { name: { type: 'string' }, size: { type: 'string', enum: ['s', 'm'] } },
          dependencies: { size: { oneOf: [{ properties: { size: { enum: ['m'] }, note: { type: 'string' } } }] } } } as const;
        export const thingUiSchema = ${ui};`,
    });
    const at = 'src/features/things/thing-form.schema.ts#thingUiSchema';
    // A field a dependency adds is a field too.
    expect(await lines(form(`{ 'ui:order': ['size', 'name', 'note'], note: {} }`))).toEqual([]);
    expect(
      await lines(form(`{ 'ui:order': ['size', '*'], nmae: { 'ui:widget': 'textarea' } }`)),
    ).toEqual([
      `${at}/nmae: is not a field of thingFormSchema: remove it or correct the name (fields: name, size, note)`,
    ]);
    expect(await lines(form(`{ 'ui:order': ['size', 'title', '*'] }`))).toEqual([
      `${at}/ui:order/1: "title" is not a field of thingFormSchema: remove it from ui:order (fields: name, size, note)`,
    ]);
    expect(await lines(form(`{ 'ui:order': ['size'] }`))).toEqual([
      `${at}/ui:order: leaves out "name", "note" of thingFormSchema, which rjsf refuses at runtime ("uiSchema order list does not contain property"): add them, or '*' for the rest`,
    ]);
    expect(await lines(form(`{ size: { 'ui:enumNames': ['Small'] } }`))).toEqual([
      `${at}/size/ui:enumNames: names 1 values, the enum has 2: give one name per value, in the enum's order`,
    ]);
  });
});

/** A manifest with generic collections: widgets with a component file, events, and rules fed by an event. */
const collectionsProject = (declarations: { widgets?: string; rules?: string }) => ({
  ...good,
  'validate.config.ts': `
    export default {
      collections: [
        {
          name: 'widgets',
          source: { file: 'declarations/widgets.ts', export: 'widgets' },
          key: '/type',
          meta: { type: 'object', required: ['type', 'label', 'content', 'defaults'], additionalProperties: false,
            properties: { type: { type: 'string' }, label: { type: 'string' }, component: { type: 'string' },
              content: { type: 'object' }, defaults: { type: 'object' }, ui: { type: 'object' } } },
          schemas: [{ schema: '/content', defaults: '/defaults', ui: '/ui' }],
          files: [{ at: '/component', pattern: 'src/widgets/{value}.tsx', what: 'component' }],
          translated: ['/label'],
        },
        { name: 'events', source: { file: 'declarations/events.ts', export: 'events' } },
        {
          name: 'rules',
          source: { file: 'declarations/rules.ts', export: 'rules' },
          key: '/type',
          meta: { type: 'object', required: ['type', 'event', 'defaults'], additionalProperties: false,
            properties: { type: { type: 'string' }, event: { type: 'string' }, facts: { type: 'array' }, defaults: { type: 'object' } } },
          schemas: [{ schema: { file: 'schemas/entities/rule.schema.ts', export: 'ruleSchema' }, defaults: '/defaults', fill: { type: '/type' } }],
          references: [
            { at: '/event', collection: 'events' },
            { at: '/facts/*', collection: 'events', of: '/event', field: '/facts' },
          ],
        },
      ],
    };`,
  'schemas/entities/rule.schema.ts': `export const ruleSchema = { $id: 'test:rule', type: 'object', required: ['type', 'points'], additionalProperties: false,
    properties: { type: { type: 'string' }, points: { type: 'integer', minimum: 1 } } } as const;`,
  'src/widgets/banner.tsx': 'export {};',
  'translations/interface-ar.json': JSON.stringify({
    Home: 'ر',
    Items: 'ع',
    Item: 'ع',
    Banner: 'ل',
  }),
  'declarations/widgets.ts': `export const widgets = [${
    declarations.widgets ??
    `{ type: 'banner', label: 'Banner', component: 'banner',
       content: { $id: 'test:widget:banner', type: 'object', properties: { heading: { type: 'string', minLength: 1 } } },
       defaults: { heading: 'Hi' }, ui: { 'ui:order': ['heading'] } },
     { type: 'plain', label: 'Banner', content: { $id: 'test:widget:plain', type: 'object', properties: {} }, defaults: {} }`
  }];`,
  'declarations/events.ts': `export const events = { training_completed: { facts: ['training_id', 'score'] }, login: { facts: [] } };`,
  'declarations/rules.ts': `export const rules = [${
    declarations.rules ??
    `{ type: 'completion', event: 'training_completed', facts: ['score'], defaults: { points: 10 } }`
  }];`,
});

describe('validateProject: declaration collections of the manifest', () => {
  const widgetsAt = 'declarations/widgets.ts#/widgets';
  const rulesAt = 'declarations/rules.ts#/rules';

  it('passes good declarations and counts them', async () => {
    const report = await validateProject(project(collectionsProject({})));
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatch(/, 2 widgets, 2 events, 1 rules$/);
  });

  it('reports a value that names no file, and skips a declaration that leaves it out', async () => {
    expect(
      await lines(
        collectionsProject({
          widgets: `{ type: 'quote', label: 'Banner', component: 'quote', content: { $id: 'test:widget:quote', type: 'object', properties: {} }, defaults: {} }`,
        }),
      ),
    ).toEqual([
      `${widgetsAt}/0/component: no component for "quote": create src/widgets/quote.tsx, or name one that exists`,
    ]);
  });

  it('reports a key the meta-schema does not know, with the known keys', async () => {
    expect(
      await lines(
        collectionsProject({
          rules: `{ type: 'completion', event: 'login', defaults: { points: 1 }, evnt: 'login' }`,
        }),
      ),
    ).toEqual([
      `${rulesAt}/0/evnt: must NOT have additional properties: remove it (known keys: type, event, facts, defaults)`,
    ]);
  });

  it('reports defaults that violate their schema, naming the schema', async () => {
    expect(
      await lines(
        collectionsProject({
          rules: `{ type: 'completion', event: 'login', defaults: { points: 0 } }`,
          widgets: `{ type: 'banner', label: 'Banner', content: { $id: 'test:widget:banner', type: 'object', properties: { heading: { type: 'string', minLength: 1 } } }, defaults: { heading: '' } }`,
        }),
      ),
    ).toEqual([
      `${widgetsAt}/0/defaults/heading: must NOT have fewer than 1 characters (the schema is ${widgetsAt}/0/content)`,
      `${rulesAt}/0/defaults/points: must be >= 1 (the schema is schemas/entities/rule.schema.ts#ruleSchema)`,
    ]);
  });

  it('reports a value that is no key of the collection it names, or no fact of its event', async () => {
    expect(
      await lines(
        collectionsProject({
          rules: `{ type: 'completion', event: 'training_complete', defaults: { points: 1 } },
                  { type: 'graded', event: 'training_completed', facts: ['scor'], defaults: { points: 1 } }`,
        }),
      ),
    ).toEqual([
      `${rulesAt}/0/event: "training_complete" is not one of the events (declarations/events.ts#/events): did you mean "training_completed"? known: training_completed, login`,
      `${rulesAt}/1/facts/0: "scor" is not one of facts of events "training_completed" (declarations/events.ts#/events/training_completed): did you mean "score"? known: training_id, score`,
    ]);
  });

  it('reports a duplicate key, an untranslated label and a uiSchema naming a missing field', async () => {
    expect(
      await lines(
        collectionsProject({
          widgets: `{ type: 'banner', label: 'Banner', content: { $id: 'test:widget:banner', type: 'object', properties: { heading: { type: 'string' } } }, defaults: {}, ui: { title: {} } },
                    { type: 'banner', label: 'Quote', content: { $id: 'test:widget:banner', type: 'object', properties: {} }, defaults: {} }`,
        }),
      ),
    ).toEqual([
      `${widgetsAt}/1/type: "banner" is already declared at /0`,
      `${widgetsAt}/0/ui/title: is not a field of /widgets/0/content: remove it or correct the name (fields: heading)`,
      `${widgetsAt}/1/content/$id: $id "test:widget:banner" is already used by ${widgetsAt}/0/content for another schema: give this one its own $id`,
      `${widgetsAt}/1/label: "Quote" has no translation: add it to translations/interface-ar.json`,
    ]);
  });

  it("runs a collection's own check: a restriction type may not read what users set themselves", async () => {
    const core = join(process.cwd(), 'engine', 'core', 'restriction-types.ts');
    const meta = join(process.cwd(), 'schemas', 'config', 'restriction-type.schema.ts');
    const type = (name: string, reads: string) =>
      `{ type: '${name}', label: 'X', reads: '${reads}', options: 'values', dialog: { registered: 'one' } }`;
    const files = (declarations: string[]) => ({
      ...good,
      'validate.config.ts': `
        import { restrictionTypeProblems } from ${JSON.stringify(core)};
        const attributes = { file: 'schemas/entities/user.schema.ts', export: 'userAttributes' };
        export default { collections: [{
          name: 'restriction types', key: '/type',
          source: { file: 'schemas/entities/restriction-types.ts', export: 'restrictionTypeDeclarations' },
          meta: { file: 'schemas/config/restriction-type.schema.ts', export: 'restrictionTypeSchema' },
          async check(declarations, { load }) {
            const patch = await load({ file: 'schemas/entities/user.schema.ts', export: 'userPatchSchema' });
            return restrictionTypeProblems(declarations, await load(attributes), Object.keys(patch.properties))
              .map((p) => (p.in === 'userAttributes' ? { ...p, in: attributes } : { path: p.path, message: p.message }));
          },
        }] };`,
      'schemas/config/restriction-type.schema.ts': `export { restrictionTypeSchema } from ${JSON.stringify(meta)};`,
      'schemas/entities/user.schema.ts': `
        export const userAttributes = { nickname: { setBy: 'self' }, department: { setBy: 'administrator' } };
        export const userPatchSchema = { $id: 'test:user-patch', type: 'object', properties: {
          nickname: { type: 'string' }, shoe_size: { type: 'string' } } } as const;`,
      'schemas/entities/restriction-types.ts': `export const restrictionTypeDeclarations = [${declarations.join(', ')}];`,
    });
    const at = 'schemas/entities/restriction-types.ts#/restrictionTypeDeclarations';
    expect(
      (
        await lines(
          files([
            type('department', 'department'),
            type('nickname', 'nickname'),
            `{ type: 'team', reads: 'department', options: 'values', dialog: {} }`,
            type('height', 'height'),
            type('department', 'department'),
          ]),
        )
      ).sort(),
    ).toEqual(
      [
        `${at}/1/reads: "nickname" is set by users themselves (setBy: 'self'): anyone could join a "nickname" audience by editing their own profile. A restriction type may read only an attribute administrators set (setBy: 'administrator') or a preference`,
        `${at}/2/label: must have required property 'label'`,
        `${at}/3/reads: "height" is not a declared user attribute (userAttributes)`,
        `${at}/4/type: "department" is already declared at /0`,
        'schemas/entities/user.schema.ts#/userAttributes/shoe_size: the profile field "shoe_size" does not say who sets it',
      ].sort(),
    );
  });

  it('the project itself validates clean', async () => {
    const report = await validateProject(process.cwd());
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatch(/^OK: /);
  });
});
