import { restrictionTypeProblems, type DeclaredAttribute } from './engine/core/restriction-types';
import { settingsDocumentProblems } from './engine/server/settings-documents';
import { defineValidateConfig, type CheckProblem } from './engine/cli/manifest';

const restrictionTypes = {
  file: 'schemas/entities/restriction-types.ts',
  export: 'restrictionTypeDeclarations',
};
const userAttributes = { file: 'schemas/entities/user.schema.ts', export: 'userAttributes' };
const userPatch = { file: 'schemas/entities/user.schema.ts', export: 'userPatchSchema' };
const profileFields = { file: 'schemas/entities/user.schema.ts', export: 'profileDocumentFields' };
/** What names a fact of a rule type's event. */
const eventFacts = { collection: 'earning events', of: '/event', field: '/facts/properties' };
const factPlaceholder = '\\{([a-z][a-z0-9_]*)\\}';

/**
 * What `npm run validate` checks in this project besides the routes and every `*.schema.ts`:
 * each collection of declarations, where it is exported, its meta-schema, the schemas its
 * declarations hold and what their values must name. The engine reads this list and knows no
 * feature; a new kind of declaration is one more entry here.
 *
 * uiSchemas are checked by name: in a `*.schema.ts` module under `schemas/` or `src/`, an export
 * `<name>UiSchema` shows `<name>Schema` or `<name>FormSchema` of the same module (or its only
 * schema); a declaration's uiSchemas are named by `ui` in its collection's `schemas` below. A
 * `<name>UiSchema` declared anywhere else (a component, say), or a uiSchema written inline as
 * `uiSchema={{ … }}`, is reported: validate cannot load it, so it belongs in such a module. A
 * component may still add what a module cannot hold (a widget component) to an imported one.
 *
 * A meta-schema's `description` on a node is the advice every problem at or below it ends with:
 * where the allowed values are declared and what to do.
 */
export default defineValidateConfig({
  routes: 'routes.config.json',
  pages: { file: 'src/app/project.ts', export: 'pageKeys', registry: 'src/app/pages.ts' },
  schemaDirs: ['schemas', 'src'],
  translations: 'translations/interface-{lang}.json',
  routeDocuments: 'settings documents',
  collections: [
    {
      name: 'section types',
      source: { file: 'schemas/storefront/section-types.ts', export: 'sectionTypes' },
      key: '/type',
      meta: { file: 'schemas/config/section-type.schema.ts', export: 'sectionTypeSchema' },
      schemas: ['content', 'settings', 'appearance'].map((part) => ({
        schema: `/${part}`,
        defaults: `/defaults/${part}`,
        ui: `/ui/${part}`,
      })),
      files: [
        {
          at: '/renderer',
          pattern: 'src/features/storefront/sections/renderers/{value}.tsx',
          what: 'renderer component',
        },
      ],
      references: [{ at: '/restrictions/*', collection: 'restriction types' }],
      translated: ['/label'],
    },
    {
      name: 'restriction types',
      source: restrictionTypes,
      key: '/type',
      meta: { file: 'schemas/config/restriction-type.schema.ts', export: 'restrictionTypeSchema' },
      translated: ['/label'],
      // The same check the server runs at start: a type reads only what users cannot set.
      async check(declarations, { load }) {
        const attributes = await load(userAttributes);
        const patch = (await load(userPatch)) as { properties?: Record<string, unknown> };
        const documentFields = (await load(profileFields)) as string[] | undefined;
        if (typeof attributes !== 'object' || attributes === null) return [];
        return restrictionTypeProblems(
          declarations as ({ type: string; reads: string; options?: string } | undefined)[],
          attributes as Record<string, DeclaredAttribute>,
          Object.keys(patch?.properties ?? {}),
          documentFields,
        ).map(({ in: place, path, message }): CheckProblem =>
          place === 'userAttributes' ? { in: userAttributes, path, message } : { path, message },
        );
      },
    },
    {
      name: 'earning events',
      source: { file: 'schemas/incentives/events.ts', export: 'earningEvents' },
      key: '/event',
      meta: { file: 'schemas/config/rule-type.schema.ts', export: 'earningEventSchema' },
      translated: ['/label', '/description'],
    },
    {
      name: 'rule types',
      source: { file: 'schemas/incentives/rule-types.ts', export: 'ruleTypeDeclarations' },
      key: '/type',
      meta: { file: 'schemas/config/rule-type.schema.ts', export: 'ruleTypeSchema' },
      // A rule type's defaults are the rule an administrator starts from; its parameters start
      // as their own defaults, which the server requires and which must fit their schema.
      schemas: [
        {
          schema: { file: 'schemas/entities/incentives.schema.ts', export: 'ruleSchema' },
          defaults: '/defaults',
          fill: { type: '/type' },
        },
        { schema: '/params', fieldDefaults: true },
      ],
      references: [
        { at: '/event', collection: 'earning events' },
        { at: '/when/*/fact', ...eventFacts },
        // The `{fact}` placeholders the server fills in from the event's facts.
        { at: '/eventKey', ...eventFacts, names: factPlaceholder },
        { at: '/note', ...eventFacts, names: factPlaceholder },
        { at: '/when/*/param', collection: 'rule types', of: '/type', field: '/params/properties' },
      ],
      translated: ['/label', '/description'],
    },
    {
      name: 'settings documents',
      source: {
        file: 'schemas/settings-documents/settings-documents.ts',
        export: 'settingsDocuments',
      },
      key: '/key',
      meta: {
        file: 'schemas/config/settings-document.schema.ts',
        export: 'settingsDocumentSchema',
      },
      schemas: [{ schema: '/schema', ui: '/uiSchema' }],
      translated: ['/schema/title'],
      // The same check the server runs at start: the schema compiles, its defaults make a
      // valid document.
      check: (declarations) =>
        settingsDocumentProblems(declarations.filter((d) => d !== undefined)).map(
          ({ path, message }): CheckProblem => ({ path, message }),
        ),
    },
  ],
});
