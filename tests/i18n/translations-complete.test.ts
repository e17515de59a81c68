import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availabilityMessages } from '@schemas/entities/availability.schema';
import { dateFormatMessages } from '@schemas/entities/common.schema';
import { guardMessages } from '@schemas/entities/incentives.schema';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';

const root = path.resolve(import.meta.dirname, '../..');
const arabic = JSON.parse(
  fs.readFileSync(path.join(root, 'translations/interface-ar.json'), 'utf8'),
) as Record<string, string>;

function files(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'server') files(rel, out);
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const unescape = (s: string) => s.replace(/\\(['"\\])/g, '$1');

/** Every English source string the interface can show. */
function interfaceStrings(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (s: string, where: string) => {
    if (s.trim() && !found.has(s)) found.set(s, where);
  };
  const patterns = [
    /\bt\(\s*'((?:[^'\\]|\\.)+)'/g,
    /\bt\(\s*"((?:[^"\\]|\\.)+)"/g,
    /'ui:title':\s*'((?:[^'\\]|\\.)+)'/g,
    /\b(?:title|description|label|message):\s*'((?:[^'\\]|\\.)+)'/g,
    /'ui:(?:help|placeholder)':\s*'((?:[^'\\]|\\.)+)'/g,
    /'ui:(?:help|placeholder)':\s*"((?:[^"\\]|\\.)+)"/g,
    /\blabel="([^"]+)"/g,
  ];
  for (const file of [
    ...files('src'),
    ...files('engine/react'),
    ...files('schemas/forms'),
    ...files('schemas/storefront'),
    ...files('schemas/incentives'),
    'schemas/entities/incentives.schema.ts',
    'schemas/entities/appearance.schema.ts',
    'schemas/entities/availability.schema.ts',
    'schemas/exports/exports.ts',
  ]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) add(unescape(m[1]!), file);
    for (const m of text.matchAll(/'ui:enumNames':\s*\[([^\]]*)\]/g))
      for (const name of m[1]!.matchAll(/'((?:[^'\\]|\\.)+)'/g)) add(unescape(name[1]!), file);
    for (const m of text.matchAll(
      /\bplural\(\s*[^,]+,\s*'((?:[^'\\]|\\.)+)',\s*'((?:[^'\\]|\\.)+)'/g,
    )) {
      add(`${unescape(m[1]!)}\u0003${unescape(m[2]!)}`, file);
    }
  }
  const routes = JSON.parse(fs.readFileSync(path.join(root, 'routes.config.json'), 'utf8')) as {
    routes: unknown[];
  };
  const walk = (list: unknown[]) => {
    for (const r of list as {
      title?: string;
      breadcrumb?: string;
      description?: string;
      children?: unknown[];
    }[]) {
      if (r.title) add(r.title, 'routes.config.json');
      if (r.breadcrumb) add(r.breadcrumb, 'routes.config.json');
      if (r.description) add(r.description, 'routes.config.json');
      if (r.children) walk(r.children);
    }
  };
  walk(routes.routes);
  // Server messages the availability screens translate (templates with their @values).
  for (const message of Object.values(availabilityMessages))
    add(message, 'schemas/entities/availability.schema.ts');
  // The server's messages for a date it does not take, which the same screens show.
  for (const message of Object.values(dateFormatMessages))
    add(message, 'schemas/entities/common.schema.ts');
  // Settings documents: each field's title is its label, descriptions are help texts, and the
  // document's own title and description head its page.
  const walkSchema = (node: unknown, where: string) => {
    if (Array.isArray(node)) for (const item of node) walkSchema(item, where);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (['default', 'const', 'enum', 'examples'].includes(key)) continue;
      if ((key === 'title' || key === 'description') && typeof value === 'string')
        add(value, where);
      else walkSchema(value, where);
    }
  };
  for (const { key, schema } of settingsDocuments)
    walkSchema(schema, `schemas/settings-documents (${key})`);
  // The incentives cheat guard's messages, translated the same way.
  for (const message of Object.values(guardMessages))
    add(message, 'schemas/entities/incentives.schema.ts');
  return found;
}

describe('the Arabic interface translation', () => {
  it('translates every interface string', () => {
    const missing = [...interfaceStrings()]
      .filter(([source]) => !arabic[source]?.trim())
      .map(([source, where]) => `${where}: ${JSON.stringify(source)}`);
    expect(missing).toEqual([]);
  });
});
