import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type SchemaObject = { $id: string } & Record<string, unknown>;

function isSchema(value: unknown): value is SchemaObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $id?: unknown }).$id === 'string'
  );
}

/**
 * Collects every exported value carrying a string `$id` from schema modules, once per `$id`.
 *
 * @example
 * collectSchemas([await import('@schemas/entities/user.schema')]) // [currentUserSchema, …]
 */
export function collectSchemas(modules: readonly object[]): SchemaObject[] {
  const byId = new Map<string, SchemaObject>();
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (isSchema(value) && !byId.has(value.$id)) byId.set(value.$id, value);
    }
  }
  return [...byId.values()];
}

/**
 * Imports every `*.schema.ts` (or `.js`) module of a directory.
 *
 * @example
 * const modules = await importSchemaModules(fileURLToPath(new URL('../../schemas/entities', import.meta.url)));
 */
export async function importSchemaModules(dir: string): Promise<object[]> {
  const names = (await readdir(dir)).filter((n) => /\.schema\.(ts|js|mjs)$/.test(n)).sort();
  return Promise.all(
    names.map(async (n) => (await import(pathToFileURL(path.join(dir, n)).href)) as object),
  );
}

/**
 * Registers every schema of the given modules with `app.addSchema`, so routes and the OpenAPI
 * document can refer to them by `$id`.
 *
 * @example
 * registerSchemas(app, await importSchemaModules(entitiesDir));
 */
export function registerSchemas(
  app: { addSchema(schema: SchemaObject): unknown },
  modules: readonly object[],
): string[] {
  const schemas = collectSchemas(modules);
  for (const schema of schemas) app.addSchema(schema);
  return schemas.map((s) => s.$id);
}
