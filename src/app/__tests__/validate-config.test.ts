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
});
