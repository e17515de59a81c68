import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { select } from '@engine/cli/project-files';
import { formatProblems, validateProject } from '@engine/cli/validate-project';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import { userAttributes } from '@schemas/entities/user.schema';
import { earningEvents } from '@schemas/incentives/events';
import { ruleTypeDeclarations, ruleTypes } from '@schemas/incentives/rule-types';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { sectionFieldRoles } from '@schemas/config/section-type.schema';
import type { ScalarObjectSchema } from '@schemas/config/rule-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import manifest from '../../../validate.config';

// Each test applies one realistic mistake to a scratch copy of the project's declarations (the
// real modules re-exported, one replaced) and checks what `npm run validate` says about it.

const real = process.cwd();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const collection = (name: string) => manifest.collections!.find((c) => c.name === name)!;

/** A scratch project: the real manifest, routes and translations, every declaration re-exported. */
async function scratch(replace: Record<string, string> = {}): Promise<string[]> {
  // Inside the project (an ignored cache folder) so the test runner resolves the imports.
  const base = join(real, 'node_modules', '.cache');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'atrium-manifest-'));
  dirs.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write(
    'validate.config.ts',
    `export { default } from ${JSON.stringify(join(real, 'validate.config.ts'))};`,
  );
  for (const file of ['routes.config.json', 'translations/interface-ar.json']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    copyFileSync(join(real, file), join(root, file));
  }
  const reexport = (file: string) =>
    write(file, `export * from ${JSON.stringify(join(real, file))};`);
  reexport(manifest.pages!.file);
  for (const c of manifest.collections!) {
    const refs = [c.source, c.meta, ...(c.schemas ?? []).map((s) => s.schema)];
    for (const ref of refs)
      if (ref && typeof ref === 'object' && typeof ref.file === 'string') reexport(ref.file);
    const declarations = (await import(join(real, c.source.file)))[c.source.export] as unknown;
    for (const file of c.files ?? [])
      for (const found of select(declarations, `/*${file.at}`))
        write(file.pattern.replaceAll('{value}', String(found.value)), 'export {};');
  }
  reexport('schemas/entities/user.schema.ts');
  for (const [file, text] of Object.entries(replace)) write(file, text);
  return formatProblems((await validateProject(root)).problems)
    .split('\n')
    .filter(Boolean);
}

/** A module exporting `name` as the real declarations changed by `change` (a JS expression over `real`). */
const changed = (ref: { file: string; export: string }, change: string) => ({
  [ref.file]: `import { ${ref.export} as real } from ${JSON.stringify(join(real, ref.file))};
    export const ${ref.export} = ${change};`,
});

describe("the project's validate.config.ts", () => {
  const sections = collection('section types').source;
  const restrictions = collection('restriction types').source;
  const rules = collection('rule types').source;
  const at = (ref: { file: string; export: string }) => `${ref.file}#/${ref.export}`;

  it('validates a scratch copy of the project clean', async () => {
    expect(await scratch()).toEqual([]);
  });

  it('reports a section renderer key with no component file', async () => {
    const renderer = collection('section types').files![0]!;
    expect(
      await scratch(
        changed(sections, `[...real, { ...real[0], type: 'quote', renderer: 'quote' }]`),
      ),
    ).toEqual([
      `${at(sections)}/${sectionTypes.length}/renderer: no ${renderer.what} for "quote": create ${renderer.pattern.replace('{value}', 'quote')}, or name one that exists`,
    ]);
  });

  it('reports section defaults that do not validate', async () => {
    const [field] = Object.entries(sectionTypes[0]!.content.properties).find(
      ([, p]) => (p as { type?: string }).type === 'string',
    )!;
    expect(
      await scratch(
        changed(
          sections,
          `real.map((s, i) => i === 0 ? { ...s, defaults: { ...s.defaults, content: { ...s.defaults.content, ${field}: 42 } } } : s)`,
        ),
      ),
    ).toEqual([
      `${at(sections)}/0/defaults/content/${field}: must be string (the schema is ${at(sections)}/0/content)`,
    ]);
  });

  it('reports a rule type with a key its meta-schema does not know', async () => {
    expect(
      await scratch(changed(rules, `real.map((r, i) => i === 0 ? { ...r, evnt: 'login' } : r)`)),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${at(rules)}/0/evnt: must NOT have additional properties: remove it \\(known keys: `,
        ),
      ),
    ]);
  });

  it('reports a rule type whose defaults violate the rule schema', async () => {
    expect(
      await scratch(
        changed(
          rules,
          `real.map((r, i) => i === 1 ? { ...r, defaults: { ...r.defaults, points: 0 } } : r)`,
        ),
      ),
    ).toEqual([`${at(rules)}/1/defaults/points: must be >= 1`]);
    expect(ruleTypes.length).toBeGreaterThan(1);
  });

  it('reports a route naming a settings document nobody declared, and a document without its translation', async () => {
    const documents = collection('settings documents').source;
    const routes = JSON.parse(readFileSync(join(real, 'routes.config.json'), 'utf8')) as unknown;
    const [route] = select(routes, '/routes/*/children/*').filter(
      (r) => (r.value as { document?: string }).document !== undefined,
    );
    expect(route).toBeDefined();
    const renamed = JSON.stringify(routes).replace(
      `"document":"${(route!.value as { document: string }).document}"`,
      '"document":"awards"',
    );
    expect(await scratch({ 'routes.config.json': renamed })).toEqual([
      `routes.config.json#${route!.pointer}/document: unknown settings document "awards"; declared: ${settingsDocuments.map((d) => d.key).join(', ')}`,
    ]);
    expect(
      await scratch(
        changed(
          documents,
          `real.map((d, i) => i === 0 ? { ...d, schema: { ...d.schema, title: 'Untranslated awards' } } : d)`,
        ),
      ),
    ).toEqual([
      `${at(documents)}/0/schema/title: "Untranslated awards" has no translation: add it to translations/interface-ar.json`,
    ]);
  });

  it("reports a settings document's default of the wrong type nested in a list, once for the field and once for the document", async () => {
    const documents = collection('settings documents').source;
    const index = settingsDocuments.findIndex((d) =>
      Object.values(d.schema.properties).some((p) =>
        Array.isArray((p as { default?: unknown }).default),
      ),
    );
    const [name, field] = Object.entries(settingsDocuments[index]!.schema.properties).find(
      ([, p]) => Array.isArray((p as { default?: unknown }).default),
    )! as [
      string,
      {
        default: Record<string, unknown>[];
        items: { properties: Record<string, { type: string }> };
      },
    ];
    const [key] = Object.entries(field.items.properties).find(([, p]) => p.type === 'integer')!;
    const found = await scratch(
      changed(
        documents,
        `real.map((d, i) => i === ${index} ? { ...d, schema: { ...d.schema, properties: { ...d.schema.properties, ${name}: { ...d.schema.properties.${name}, default: d.schema.properties.${name}.default.map((item, j) => j === 1 ? { ...item, ${key}: '${String(field.default[1]![key])}' } : item) } } } } : d)`,
      ),
    );
    const schema = `${at(documents)}/${index}/schema`;
    expect(found).toEqual([
      `${schema}/properties/${name}/default/1/${key}: must be integer: the default must fit the schema it stands in; correct the default or the schema`,
      `${schema}/default/${name}/1/${key}: the defaults make no valid document: must be integer`,
    ]);
  });

  it('reports a rule condition naming a fact its event does not carry', async () => {
    const index = ruleTypeDeclarations.findIndex((r) => 'when' in r && r.when.length > 0);
    const rule = ruleTypeDeclarations[index]!;
    const events = collection('earning events').source;
    const event = earningEvents.findIndex((e) => e.event === rule.event);
    const facts = Object.keys(earningEvents[event]!.facts.properties);
    expect(
      await scratch(
        changed(
          rules,
          `real.map((r, i) => i === ${index} ? { ...r, when: [{ ...r.when[0], fact: 'nonsense' }] } : r)`,
        ),
      ),
    ).toEqual([
      `${at(rules)}/${index}/when/0/fact: "nonsense" is not one of facts/properties of earning events "${rule.event}" (${at(events)}/${event}): known: ${facts.join(', ')}`,
    ]);
  });

  it('reports a restriction type that reads an attribute users set themselves', async () => {
    const [self] = Object.entries(userAttributes).find(
      ([, a]) => a.setBy === 'self' && !('preference' in a),
    )!;
    const index = restrictionTypeDeclarations.length;
    expect(
      await scratch(
        changed(restrictions, `[...real, { ...real[0], type: 'by_${self}', reads: '${self}' }]`),
      ),
    ).toEqual([
      expect.stringMatching(
        new RegExp(`^${at(restrictions)}/${index}/reads: "${self}" is set by users themselves`),
      ),
    ]);
  });

  it('reports a restriction type whose options come from a source the server does not read', async () => {
    expect(
      await scratch(
        changed(restrictions, `real.map((r, i) => i === 0 ? { ...r, options: 'departments' } : r)`),
      ),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${at(restrictions)}/0/options: "departments" is not one of the allowed values: allowed: "languages", .*\\(the option sources are restrictionOptionSources in schemas/config/restriction-type\\.schema\\.ts.*use one of them, or add a source to both\\)$`,
        ),
      ),
    ]);
  });

  it("reports a restriction type's own check: an undeclared attribute, a missing label, a key declared twice, a profile field nobody declared", async () => {
    const user = 'schemas/entities/user.schema.ts';
    const type = (name: string, reads: string) =>
      `{ ...real[0], type: '${name}', reads: '${reads}' }`;
    const index = restrictionTypeDeclarations.length;
    expect(
      (
        await scratch({
          ...changed(
            restrictions,
            `[...real, ${type('height', 'height')}, (({ label, ...r }) => ({ ...r, type: "team" }))(real[0]), ${type(restrictionTypeDeclarations[0].type, restrictionTypeDeclarations[0].reads)}]`,
          ),
          [user]: `export * from ${JSON.stringify(join(real, user))};
            import { userPatchSchema as real } from ${JSON.stringify(join(real, user))};
            export const userPatchSchema = { ...real, properties: { ...real.properties, shoe_size: { type: 'string' } } };`,
        })
      ).sort(),
    ).toEqual(
      [
        `${at(restrictions)}/${index}/reads: "height" is not a declared user attribute (userAttributes)`,
        `${at(restrictions)}/${index + 1}/label: must have required property 'label'`,
        `${at(restrictions)}/${index + 2}/type: "${restrictionTypeDeclarations[0].type}" is already declared at /0`,
        `${user}#/userAttributes/shoe_size: the profile field "shoe_size" does not say who sets it`,
      ].sort(),
    );
  });

  describe('rule types', () => {
    const events = collection('earning events').source;
    const completion = ruleTypeDeclarations.findIndex((r) => r.eventKey.includes('{'));
    const rule = ruleTypeDeclarations[completion]!;
    const eventIndex = earningEvents.findIndex((e) => e.event === rule.event);
    const facts = Object.keys(earningEvents[eventIndex]!.facts.properties);
    const [fact] = /\{([a-z_]+)\}/.exec(rule.eventKey)!.slice(1) as [string];

    it('reports a rule type naming an event nobody declared', async () => {
      expect(
        await scratch(
          changed(
            rules,
            `real.map((r, i) => i === ${completion} ? { ...r, event: '${rule.event}s' } : r)`,
          ),
        ),
      ).toEqual([
        `${at(rules)}/${completion}/event: "${rule.event}s" is not one of the earning events (${at(events)}): did you mean "${rule.event}"? known: ${earningEvents.map((e) => e.event).join(', ')}`,
      ]);
    });

    it('reports an event key or a note whose {placeholder} names a fact the event does not carry', async () => {
      const typo = `${fact.slice(0, -1)}`;
      expect(
        await scratch(
          changed(
            rules,
            `real.map((r, i) => i === ${completion} ? { ...r, eventKey: '{${typo}}', note: 'Done: {titel}' } : r)`,
          ),
        ),
      ).toEqual([
        `${at(rules)}/${completion}/eventKey: "${typo}" (in "{${typo}}") is not one of facts/properties of earning events "${rule.event}" (${at(events)}/${eventIndex}): did you mean "${fact}"? known: ${facts.join(', ')}`,
        expect.stringMatching(
          new RegExp(
            `^${at(rules)}/${completion}/note: "titel" \\(in "Done: \\{titel\\}"\\) is not one of facts/properties of earning events "${rule.event}" `,
          ),
        ),
      ]);
    });

    it("reports a parameter whose default fails the parameter's schema, or that has none", async () => {
      const index = ruleTypeDeclarations.findIndex((r) => 'params' in r);
      const params = (ruleTypeDeclarations[index] as { params: ScalarObjectSchema }).params;
      const [name, field] = Object.entries(params.properties).find(
        ([, f]) => f.type === 'integer' && f.minimum !== undefined,
      )!;
      const param = `${at(rules)}/${index}/params/properties/${name}`;
      const withField = (change: string) =>
        changed(
          rules,
          `real.map((r, i) => i === ${index} ? { ...r, params: { ...r.params, properties: { ...r.params.properties, ${name}: ${change} } } } : r)`,
        );
      expect(
        await scratch(
          withField(`{ ...r.params.properties.${name}, default: ${field.minimum! - 1} }`),
        ),
      ).toEqual([
        `${param}/default: must be >= ${field.minimum}: the default must fit the schema it stands in; correct the default or the schema`,
      ]);
      expect(
        await scratch(withField(`{ ...r.params.properties.${name}, default: '${field.default}' }`)),
      ).toEqual([
        `${param}/default: must be integer: the default must fit the schema it stands in; correct the default or the schema`,
      ]);
      expect(
        await scratch(withField(`(({ default: _, ...f }) => f)(r.params.properties.${name})`)),
      ).toEqual([
        `${param}: has no default: add a \`default\` that fits it, the value "${name}" starts as`,
      ]);
    });
  });

  describe('section types', () => {
    const index = (type: string) => sectionTypes.findIndex((s) => s.type === type);
    const trainings = index('trainings');
    const testimonial = index('testimonial');
    const hero = index('hero');
    const section = (i: number, change: string) =>
      changed(sections, `real.map((s, i) => i === ${i} ? ${change} : s)`);

    it('reports a content uiSchema naming a missing field, and a ui:order leaving one out', async () => {
      const order = sectionTypes[trainings]!.ui!.content!['ui:order'] as string[];
      const fields = Object.keys(sectionTypes[trainings]!.content.properties);
      expect(
        await scratch(
          section(
            trainings,
            `{ ...s, ui: { ...s.ui, content: { ...s.ui.content, 'ui:order': ${JSON.stringify(order.slice(0, -1))}, soring: { 'ui:widget': 'radio' } } } }`,
          ),
        ),
      ).toEqual([
        `${at(sections)}/${trainings}/ui/content/ui:order: leaves out "${order.at(-1)}" of /sectionTypes/${trainings}/content, which rjsf refuses at runtime ("uiSchema order list does not contain property"): add it, or '*' for the rest`,
        `${at(sections)}/${trainings}/ui/content/soring: is not a field of /sectionTypes/${trainings}/content: remove it or correct the name (fields: ${fields.join(', ')})`,
      ]);
    });

    it("reports a ui:role the generic renderer does not know, with the renderer's roles", async () => {
      expect(
        await scratch(
          section(
            testimonial,
            `{ ...s, ui: { ...s.ui, content: { ...s.ui.content, quote: { ...s.ui.content.quote, 'ui:role': 'quotation' } } } }`,
          ),
        ),
      ).toEqual([
        `${at(sections)}/${testimonial}/ui/content/quote/ui:role: "quotation" is not one of the allowed values: allowed: ${sectionFieldRoles.map((r) => `"${r}"`).join(', ')} (the roles the generic section renderer shows are sectionFieldRoles in schemas/config/section-type.schema.ts, which src/features/storefront/sections/content-blocks.ts reads: use one of them, or leave ui:role out to go by the schema)`,
      ]);
    });

    it('reports a type that lists trainings without the query fields the server reads, or with values it does not know', async () => {
      const missing = await scratch(section(testimonial, `{ ...s, lists: 'trainings' }`));
      expect(missing).toEqual(
        ['source', 'training_ids', 'vocabulary', 'tags', 'size', 'sorting'].map((field): unknown =>
          expect.stringMatching(
            new RegExp(
              `^${at(sections)}/${testimonial}/content/properties/${field}: must have required property '${field}' \\(with lists: 'trainings' the content is the trainings query the server reads: .* declare them as schemas/storefront/trainings\\.section\\.ts does, or leave out lists\\)$`,
            ),
          ),
        ),
      );
      const content = (change: string) =>
        section(
          trainings,
          `{ ...s, content: { ...s.content, properties: { ...s.content.properties, ${change} } } }`,
        );
      expect(
        await scratch(
          content(`size: { ...s.content.properties.size, type: 'string', default: '8' }`),
        ),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${at(sections)}/${trainings}/content/properties/size/type: must be "integer", not "string" \\(with lists: 'trainings'`,
          ),
        ),
        // The declaration is refused: its defaults are not checked against a schema it may not have.
      ]);
      expect(
        await scratch(
          content(
            `sorting: { ...s.content.properties.sorting, enum: [...s.content.properties.sorting.enum, 'popular'] }`,
          ),
        ),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${at(sections)}/${trainings}/content/properties/sorting/enum/3: "popular" is not one of the allowed values: allowed: .* \\(the server knows only these values, trainingsSortings in schemas/storefront/trainings\\.section\\.ts: offer some of them\\)$`,
          ),
        ),
      ]);
    });

    it('reports defaults of the wrong type nested in objects and lists, and a default keyword that does not fit its field', async () => {
      expect(
        await scratch(
          section(
            hero,
            `{ ...s, defaults: { ...s.defaults, content: { ...s.defaults.content, image: { url: 42, alt: '' } } } }`,
          ),
        ),
      ).toEqual([
        `${at(sections)}/${hero}/defaults/content/image/url: must be string (the schema is ${at(sections)}/${hero}/content)`,
      ]);
      expect(
        await scratch(
          section(
            trainings,
            `{ ...s, defaults: { ...s.defaults, content: { ...s.defaults.content, tags: [3, 'news'] } } }`,
          ),
        ),
      ).toEqual([
        `${at(sections)}/${trainings}/defaults/content/tags/1: must be integer (the schema is ${at(sections)}/${trainings}/content)`,
      ]);
      expect(
        await scratch(
          section(
            trainings,
            `{ ...s, content: { ...s.content, properties: { ...s.content.properties, size: { ...s.content.properties.size, default: '8' } } } }`,
          ),
        ),
      ).toEqual([
        `${at(sections)}/${trainings}/content/properties/size/default: must be integer: the default must fit the schema it stands in; correct the default or the schema`,
      ]);
    });
  });

  describe('uiSchemas of forms', () => {
    it('reports a moved form uiSchema naming a missing field, or with an incomplete ui:order', async () => {
      const password = 'schemas/forms/user-password.schema.ts';
      const adjustment = 'src/features/incentives/admin/components/adjustment-form.schema.ts';
      // The module with its form schema as it is and its uiSchema changed.
      const module = (file: string, schema: string, ui: string, change: string) => ({
        [file]: `import * as real from ${JSON.stringify(join(real, file))};
          export const ${schema} = real.${schema};
          export const ${ui} = ${change};`,
      });
      expect(
        await scratch(
          module(
            password,
            'userPasswordFormSchema',
            'userPasswordUiSchema',
            `{ pasword: real.userPasswordUiSchema.password }`,
          ),
        ),
      ).toEqual([
        `${password}#userPasswordUiSchema/pasword: is not a field of userPasswordFormSchema: remove it or correct the name (fields: password)`,
      ]);
      expect(
        await scratch(
          module(
            adjustment,
            'adjustmentFormSchema',
            'adjustmentUiSchema',
            `{ ...real.adjustmentUiSchema, 'ui:order': ['uid', 'points'] }`,
          ),
        ),
      ).toEqual([
        `${adjustment}#adjustmentUiSchema/ui:order: leaves out "note" of adjustmentFormSchema, which rjsf refuses at runtime ("uiSchema order list does not contain property"): add it, or '*' for the rest`,
      ]);
    });

    it('reports a uiSchema declared in a component, where validate cannot check it', async () => {
      const file = 'src/features/site-admin/components/user-notes-section.tsx';
      expect(
        await scratch({
          [file]: `import { SchemaForm } from '@engine/react/schema-form';\n\nconst notesUiSchema = { note: { 'ui:widget': 'textarea' } };\nexport const Notes = () => <SchemaForm schema={{}} uiSchema={notesUiSchema} />;\n`,
        }),
      ).toEqual([
        `${file}:3:7: notesUiSchema is a uiSchema that validate cannot check outside a *.schema.ts module: move it into the *.schema.ts module of the schema it shows (beside notesSchema or notesFormSchema) and import it from there`,
      ]);
    });
  });

  it('reports a schema module whose $refs go round without describing a value', async () => {
    const file = 'schemas/entities/team.schema.ts';
    expect(
      await scratch({
        [file]: `export const teamSchema = { $id: 'atrium:team', allOf: [{ $ref: 'atrium:team-base' }] } as const;
          export const teamBaseSchema = { $id: 'atrium:team-base', $ref: 'atrium:team' } as const;`,
      }),
    ).toEqual([
      `${file}#teamSchema: $ref cycle atrium:team → atrium:team-base → atrium:team: each refers to the next without describing a property or item, so validating never ends; drop one $ref or move it into a property or items`,
    ]);
  });

  describe('routes', () => {
    const text = readFileSync(join(real, 'routes.config.json'), 'utf8');
    const config = JSON.parse(text) as { routes: Record<string, unknown>[] };
    const withRoutes = (change: (routes: Record<string, unknown>[]) => void) => {
      const copy = structuredClone(config);
      change(copy.routes);
      return { 'routes.config.json': JSON.stringify(copy, null, 2) };
    };
    const [detail] = select(config, '/routes/*/children/*').filter((r) =>
      /^:/.test((r.value as { path: string }).path),
    );
    const parent = select(config, detail!.pointer.replace(/\/children\/\d+$/, ''))[0]!;
    const parentPath = (parent.value as { path: string }).path;
    const detailPath = (detail!.value as { path: string; page: string }).path;

    it('reports a path the router matches like another once parameter names and trailing slashes are set aside', async () => {
      const copyPath = `${parentPath}/:id/`;
      expect(
        await scratch(
          withRoutes((routes) =>
            routes.push({ path: copyPath, page: (detail!.value as { page: string }).page }),
          ),
        ),
      ).toEqual([
        `routes.config.json#/routes/${config.routes.length}/path: duplicate path "${copyPath}": the router matches it like "${parentPath}/${detailPath}" at ${detail!.pointer} (parameter names and trailing slashes do not tell routes apart); remove one or give it another path`,
      ]);
    });

    it('reports a breadcrumb and a title with no Arabic translation', async () => {
      expect(
        await scratch(
          withRoutes((routes) => {
            routes[0]!.title = 'Welcome aboard';
            routes[Number(parent.pointer.split('/')[2])]!.breadcrumb = 'Course catalogue';
          }),
        ),
      ).toEqual([
        `routes.config.json#${parent.pointer}/breadcrumb: breadcrumb "Course catalogue" has no translation in translations/interface-ar.json: add "Course catalogue" to it`,
        'routes.config.json#/routes/0/title: title "Welcome aboard" has no translation in translations/interface-ar.json: add "Welcome aboard" to it',
      ]);
    });

    it('reports a page key no page is registered under, with the closest and the registry', async () => {
      const page = (detail!.value as { page: string }).page;
      expect(
        await scratch(
          withRoutes((routes) => {
            const [, , top, , child] = detail!.pointer.split('/');
            const children = routes[Number(top)]!.children as Record<string, unknown>[];
            children[Number(child)]!.page = page.slice(0, -1);
          }),
        ),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^routes\\.config\\.json#${detail!.pointer}/page: unknown page "${page.slice(0, -1)}": did you mean "${page}"\\? register the page in ${manifest.pages!.registry} \\(known keys: `,
          ),
        ),
      ]);
    });

    it('reports invalid JSON at its line and column', async () => {
      const broken = text.replace('"title": "Home"', '"title": "Home",');
      const end = broken.indexOf('"title": "Home",') + '"title": "Home",'.length;
      const offset = end + /^\s*/.exec(broken.slice(end))![0].length;
      const before = broken.slice(0, offset).split('\n');
      expect(await scratch({ 'routes.config.json': broken })).toEqual([
        expect.stringMatching(
          new RegExp(
            `^routes\\.config\\.json:${before.length}:${before.at(-1)!.length + 1}: invalid JSON: .*; fix the syntax there \\(strings and keys in double quotes, no trailing commas\\)$`,
          ),
        ),
      ]);
    });
  });
});
