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

  it('reports a user menu label with no translation', async () => {
    expect(
      await lines(
        withRoutes((r) => {
          Object.assign(r[0]!, { userMenu: { label: 'My things', icon: 'star' } });
        }),
      ),
    ).toEqual([
      'routes.config.json#/routes/0/userMenu/label: user menu label "My things" has no translation in translations/interface-ar.json: add "My things" to it',
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
        export const wrongSchema = { $id: 'test:wrong', type: 'nonsense' } as const;
        export const slipSchema = { $id: 'test:slip', type: 'object', properties: { on: { type: 'bool' } } } as const;`,
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
    // A keyword JSON Schema does not allow, at its pointer, with the value meant when it is clear.
    expect(found).toContain(
      'schemas/entities/bad.schema.ts#wrongSchema/type: not valid JSON Schema, so the schema does not compile: "nonsense" is not one of the allowed values: allowed: "array", "boolean", "integer", "null", "number", "object", "string"; correct the keyword',
    );
    expect(found).toContain(
      'schemas/entities/bad.schema.ts#slipSchema/properties/on/type: not valid JSON Schema, so the schema does not compile: "bool" is not one of the allowed values: did you mean "boolean"? allowed: "array", "boolean", "integer", "null", "number", "object", "string"; correct the keyword',
    );
    expect(found).toContain(
      'src/features/things/copy.schema.ts#copySchema: $id "test:thing" is already used by schemas/entities/thing.schema.ts#thingSchema for another schema: give this one its own $id',
    );
    expect(found).toHaveLength(6);
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

  it('reports an x-translatable declaration that is not true/false, not on a string, or inside a list', async () => {
    expect(
      await lines({
        ...good,
        'schemas/entities/thing.schema.ts': `
    export const thingSchema = { $id: 'test:thing', type: 'object', properties: {
      name: { type: 'string', 'x-translatable': true },
      count: { type: 'integer', 'x-translatable': true },
      note: { type: 'string', 'x-translatable': 'yes' },
      tags: { type: 'array', items: { type: 'string', 'x-translatable': true } },
      link: { type: 'object', properties: { title: { type: 'string', 'x-translatable': true } } },
    } } as const;`,
      }),
    ).toEqual([
      'schemas/entities/thing.schema.ts#thingSchema/properties/count/x-translatable: marks a "integer": only a field of type "string" can have a text per language; remove x-translatable or make the field a string',
      'schemas/entities/thing.schema.ts#thingSchema/properties/note/x-translatable: must be true or false, not "yes"',
      'schemas/entities/thing.schema.ts#thingSchema/properties/tags/items/x-translatable: marks an item of a list or one of a choice of schemas, where its texts per language have no fixed place: declare it on a property of an object',
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

describe('validateProject: uiSchemas validate cannot load', () => {
  it('reports a <name>UiSchema declared outside a *.schema.ts module, and an inline one, at line and column', async () => {
    expect(
      await lines({
        ...good,
        'src/features/things/thing-page.tsx': [
          "import { thingFormSchema } from './thing-form.schema';",
          "const thingUiSchema = { nmae: { 'ui:autofocus': true } };",
          'export const Page = () => (',
          '  <>',
          '    <SchemaForm schema={thingFormSchema} uiSchema={thingUiSchema} />',
          "    <SchemaForm schema={thingFormSchema} uiSchema={{ 'ui:order': ['name'] }} />",
          '  </>',
          ');',
        ].join('\n'),
        // Composing a checked one with what a module cannot hold is fine.
        'src/features/things/other-page.tsx': `const uiSchema = { ...thingUiSchema, name: { 'ui:widget': Picker } };`,
      }),
    ).toEqual([
      'src/features/things/thing-page.tsx:2:7: thingUiSchema is a uiSchema that validate cannot check outside a *.schema.ts module: move it into the *.schema.ts module of the schema it shows (beside thingSchema or thingFormSchema) and import it from there',
      'src/features/things/thing-page.tsx:6:42: an inline uiSchema validate cannot check outside a *.schema.ts module: move it into the *.schema.ts module of the schema it shows as <name>UiSchema (beside <name>Schema or <name>FormSchema) and import it from there',
    ]);
  });
});

/**
 * A manifest with made-up collections: widget types with a component file, the signals a
 * gadget reacts to, and gadgets fed by a signal whose `{input}` placeholders name what it carries.
 */
const collectionsProject = (declarations: { widgets?: string; gadgets?: string }) => ({
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
              shape: { type: 'string', enum: ['round', 'square'], description: 'the shapes are listed in declarations/shapes.ts: use one of them' },
              content: { type: 'object' }, defaults: { type: 'object' }, ui: { type: 'object' } },
            allOf: [{ if: { required: ['shape'], properties: { shape: { const: 'round' } } },
              then: { required: ['component'], description: 'a round widget is drawn by a component of its own: name it' } }] },
          schemas: [{ schema: '/content', defaults: '/defaults', ui: '/ui' }],
          files: [{ at: '/component', pattern: 'src/widgets/{value}.tsx', what: 'component' }],
          translated: ['/label'],
        },
        { name: 'signals', source: { file: 'declarations/signals.ts', export: 'signals' } },
        {
          name: 'gadgets',
          source: { file: 'declarations/gadgets.ts', export: 'gadgets' },
          key: '/type',
          meta: { type: 'object', required: ['type', 'signal', 'defaults'], additionalProperties: false,
            properties: { type: { type: 'string' }, signal: { type: 'string' }, inputs: { type: 'array' }, caption: { type: 'string' },
              options: { type: 'object' }, defaults: { type: 'object' } } },
          schemas: [
            { schema: { file: 'schemas/entities/gadget.schema.ts', export: 'gadgetSchema' }, defaults: '/defaults', fill: { type: '/type' } },
            { schema: '/options', fieldDefaults: true },
          ],
          references: [
            { at: '/signal', collection: 'signals' },
            { at: '/inputs/*', collection: 'signals', of: '/signal', field: '/carries' },
            { at: '/caption', collection: 'signals', of: '/signal', field: '/carries', names: '\\\\{([a-z_]+)\\\\}' },
          ],
        },
      ],
    };`,
  'schemas/entities/gadget.schema.ts': `export const gadgetSchema = { $id: 'test:gadget', type: 'object', required: ['type', 'weight'], additionalProperties: false,
    properties: { type: { type: 'string' }, weight: { type: 'integer', minimum: 1 } } } as const;`,
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
  'declarations/signals.ts': `export const signals = { button_pressed: { carries: ['button_id', 'count'] }, idle: { carries: [] } };`,
  'declarations/gadgets.ts': `export const gadgets = [${
    declarations.gadgets ??
    `{ type: 'counter', signal: 'button_pressed', inputs: ['count'], caption: 'Pressed {button_id}', defaults: { weight: 10 },
       options: { type: 'object', properties: { step: { type: 'integer', minimum: 1, default: 1 } } } }`
  }];`,
});

describe('validateProject: declaration collections of the manifest', () => {
  const widgetsAt = 'declarations/widgets.ts#/widgets';
  const gadgetsAt = 'declarations/gadgets.ts#/gadgets';
  const widget = (content: string, rest = '', type = 'banner') =>
    `{ type: '${type}', label: 'Banner', content: { $id: 'test:widget:${type}', type: 'object', properties: ${content} }, ${rest} }`;

  it('passes good declarations and counts them', async () => {
    const report = await validateProject(project(collectionsProject({})));
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatch(/, 2 widgets, 2 signals, 1 gadgets$/);
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
          gadgets: `{ type: 'counter', signal: 'idle', defaults: { weight: 1 }, signl: 'idle' }`,
        }),
      ),
    ).toEqual([
      `${gadgetsAt}/0/signl: must NOT have additional properties: remove it (known keys: type, signal, inputs, caption, options, defaults)`,
    ]);
  });

  it("ends a meta-schema problem with the advice of the node's description, and suggests the closest allowed value", async () => {
    expect(
      await lines(
        collectionsProject({
          widgets: `${widget('{}', `shape: 'sqare', defaults: {}`)}, ${widget('{}', `shape: 'round', defaults: {}`, 'ball')}`,
        }),
      ),
    ).toEqual([
      `${widgetsAt}/0/shape: "sqare" is not one of the allowed values: did you mean "square"? allowed: "round", "square" (the shapes are listed in declarations/shapes.ts: use one of them)`,
      // Only what the `then` requires, not that the `if` held.
      `${widgetsAt}/1/component: must have required property 'component' (a round widget is drawn by a component of its own: name it)`,
    ]);
  });

  it('reports defaults that violate their schema, nested in objects and lists, naming the schema', async () => {
    expect(
      await lines(
        collectionsProject({
          gadgets: `{ type: 'counter', signal: 'idle', defaults: { weight: 0 } }`,
          widgets: widget(
            `{ heading: { type: 'string', minLength: 1 }, image: { type: 'object', properties: { url: { type: 'string' } } },
               links: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } }`,
            `defaults: { heading: '', image: { url: 42 }, links: [{ label: 'a' }, { label: 7 }] }`,
          ),
        }),
      ),
    ).toEqual([
      `${widgetsAt}/0/defaults/heading: must NOT have fewer than 1 characters (the schema is ${widgetsAt}/0/content)`,
      `${widgetsAt}/0/defaults/image/url: must be string (the schema is ${widgetsAt}/0/content)`,
      `${widgetsAt}/0/defaults/links/1/label: must be string (the schema is ${widgetsAt}/0/content)`,
      `${gadgetsAt}/0/defaults/weight: must be >= 1 (the schema is schemas/entities/gadget.schema.ts#gadgetSchema)`,
    ]);
  });

  it("reports a schema's default keyword that does not fit the field it stands in, at any depth", async () => {
    const fit = ': the default must fit the schema it stands in; correct the default or the schema';
    expect(
      await lines(
        collectionsProject({
          widgets: widget(
            `{ heading: { type: 'string', default: 5 },
               image: { type: 'object', properties: { url: { type: 'string', default: false } } },
               links: { type: 'array', items: { type: 'object', properties: { size: { type: 'integer', minimum: 1, default: 0 } } } } }`,
            'defaults: {}',
          ),
        }),
      ),
    ).toEqual([
      `${widgetsAt}/0/content/properties/heading/default: must be string${fit}`,
      `${widgetsAt}/0/content/properties/image/properties/url/default: must be string${fit}`,
      `${widgetsAt}/0/content/properties/links/items/properties/size/default: must be >= 1${fit}`,
    ]);
    expect(
      await lines({
        ...good,
        'schemas/entities/thing.schema.ts': `
          export const thingSchema = { $id: 'test:thing', type: 'object', properties: { name: { type: 'string', default: 1 } } } as const;
          export const boxSchema = { $id: 'test:box', type: 'object', properties: { thing: { $ref: 'test:thing', default: { name: 2 } } } } as const;`,
      }),
    ).toEqual([
      `schemas/entities/thing.schema.ts#thingSchema/properties/name/default: must be string${fit}`,
      `schemas/entities/thing.schema.ts#boxSchema/properties/thing/default/name: must be string${fit}`,
    ]);
  });

  it('reports a field without a default where every field needs one', async () => {
    expect(
      await lines(
        collectionsProject({
          gadgets: `{ type: 'counter', signal: 'idle', defaults: { weight: 1 },
            options: { type: 'object', properties: { step: { type: 'integer' }, limit: { type: 'integer', default: 'ten' } } } }`,
        }),
      ),
    ).toEqual([
      `${gadgetsAt}/0/options/properties/limit/default: must be integer: the default must fit the schema it stands in; correct the default or the schema`,
      `${gadgetsAt}/0/options/properties/step: has no default: add a \`default\` that fits it, the value "step" starts as`,
    ]);
  });

  it('reports a value that is no key of the collection it names, or not one of what its key lists, placeholders included', async () => {
    expect(
      await lines(
        collectionsProject({
          gadgets: `{ type: 'counter', signal: 'button_press', defaults: { weight: 1 } },
                  { type: 'tally', signal: 'button_pressed', inputs: ['cont'], caption: '{count} on {buton_id}', defaults: { weight: 1 } }`,
        }),
      ),
    ).toEqual([
      `${gadgetsAt}/0/signal: "button_press" is not one of the signals (declarations/signals.ts#/signals): did you mean "button_pressed"? known: button_pressed, idle`,
      `${gadgetsAt}/1/inputs/0: "cont" is not one of carries of signals "button_pressed" (declarations/signals.ts#/signals/button_pressed): did you mean "count"? known: button_id, count`,
      `${gadgetsAt}/1/caption: "buton_id" (in "{count} on {buton_id}") is not one of carries of signals "button_pressed" (declarations/signals.ts#/signals/button_pressed): did you mean "button_id"? known: button_id, count`,
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

  it("runs a collection's own check, with problems in its declarations and in another export", async () => {
    const files = {
      ...collectionsProject({
        widgets: `${widget('{}', `shape: 'round', component: 'banner', defaults: {}`)}, ${widget('{}', `shape: 'square', defaults: {}`, 'tile')}`,
      }),
      'declarations/stock.ts': `export const stock = { round: 2, square: 0, oval: 1 };`,
    };
    files['validate.config.ts'] = files['validate.config.ts'].replace(
      "translated: ['/label'],",
      `translated: ['/label'],
          async check(declarations, { load }) {
            const stock = await load({ file: 'declarations/stock.ts', export: 'stock' });
            return [
              ...declarations.flatMap((d, i) => d && stock[d.shape] === 0
                ? [{ declaration: i, path: '/shape', message: 'is out of stock: choose a shape in stock' }] : []),
              { in: { file: 'declarations/stock.ts', export: 'stock' }, path: '/oval', message: 'is no shape widgets have: remove it' },
            ];
          },`,
    );
    expect(await lines(files)).toEqual([
      `${widgetsAt}/1/shape: is out of stock: choose a shape in stock`,
      'declarations/stock.ts#/stock/oval: is no shape widgets have: remove it',
    ]);
  });

  it('the project itself validates clean', async () => {
    const report = await validateProject(process.cwd());
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatch(/^OK: /);
  });
});
