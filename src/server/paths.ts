import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder. This module is two folders below it both in the sources
 * (`src/server`) and in the server's build (`dist/server`, which bundles it).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Whether the server runs from its build rather than from its TypeScript sources. */
export const BUILT = !import.meta.url.endsWith('.ts');

/**
 * A file or folder of the project, given from its root, wherever the server runs from.
 *
 * @example
 * projectPath('src/server/migrations') // '/srv/atrium/src/server/migrations'
 */
export function projectPath(...parts: string[]): string {
  return path.join(ROOT, ...parts);
}

/** The entity schema modules: their sources, or their build beside the server's. */
export const ENTITY_SCHEMAS_DIR = projectPath(
  BUILT ? 'dist/server/schemas/entities' : 'schemas/entities',
);
