import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExportRef } from './manifest';

/** One problem, located by file and a JSON pointer, export name or line and column. @example { path: 'routes.config.json#/routes/3/page', message: 'unknown page "shop"' } */
export interface ProjectProblem {
  path: string;
  message: string;
}

/** A plain object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a manifest value names an export rather than being a schema itself. */
export const isExportRef = (v: unknown): v is ExportRef =>
  isRecord(v) && typeof v.file === 'string' && typeof v.export === 'string';

/** Plain absolute paths work in Node and in Vitest's module runner; Windows needs a file URL. */
const importFile = (file: string) =>
  import(
    /* @vite-ignore */ process.platform === 'win32' ? pathToFileURL(file).href : file
  ) as Promise<Record<string, unknown>>;

/**
 * Loads project modules once each, reporting a module that is missing or does not load, and
 * an export that is not there, once.
 */
export class ProjectModules {
  private readonly modules = new Map<string, Promise<Record<string, unknown> | undefined>>();
  private readonly reported = new Set<string>();

  constructor(
    readonly root: string,
    private readonly problems: ProjectProblem[],
  ) {}

  private report(path: string, message: string) {
    if (this.reported.has(path)) return;
    this.reported.add(path);
    this.problems.push({ path, message });
  }

  /** The module's exports, or undefined (reported) when it is missing or fails to load. */
  module(file: string): Promise<Record<string, unknown> | undefined> {
    let loading = this.modules.get(file);
    if (!loading) {
      const absolute = join(this.root, file);
      loading = existsSync(absolute)
        ? importFile(absolute).catch((error: unknown) => {
            this.report(file, `cannot be loaded: ${(error as Error).message}`);
            return undefined;
          })
        : Promise.resolve().then(() => {
            this.report(
              file,
              'file not found: create it or correct the path in validate.config.ts',
            );
            return undefined;
          });
      this.modules.set(file, loading);
    }
    return loading;
  }

  /** One export, or undefined (reported) when its module or the export is missing. */
  async load(ref: ExportRef): Promise<unknown> {
    const module = await this.module(ref.file);
    if (!module) return undefined;
    if (!(ref.export in module)) {
      this.report(
        `${ref.file}#${ref.export}`,
        `is not exported (known exports: ${Object.keys(module).join(', ') || 'none'}): export it or correct the name in validate.config.ts`,
      );
      return undefined;
    }
    return module[ref.export];
  }
}

/** One value a pointer selects and its own pointer. */
export interface Selected {
  pointer: string;
  value: unknown;
}

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const encode = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The values a JSON pointer selects, `*` standing for every item of a list or property of an
 * object; a pointer that leads nowhere selects nothing.
 *
 * @example
 * select({ a: [{ b: 1 }, { b: 2 }] }, '/a/*\/b'); // [{ pointer: '/a/0/b', value: 1 }, { pointer: '/a/1/b', value: 2 }]
 */
export function select(value: unknown, pointer: string): Selected[] {
  let found: Selected[] = [{ pointer: '', value }];
  for (const segment of pointer.split('/').slice(1).map(decode)) {
    found = found.flatMap(({ pointer: at, value: v }) => {
      if (typeof v !== 'object' || v === null) return [];
      const entries: [string, unknown][] =
        segment === '*'
          ? Object.entries(v)
          : Object.hasOwn(v, segment)
            ? [[segment, (v as Record<string, unknown>)[segment]]]
            : [];
      return entries.map(([k, child]) => ({ pointer: `${at}/${encode(k)}`, value: child }));
    });
  }
  return found;
}

/** A JSON file's text and value, or its syntax error as a problem at `file:line:column`. */
export function readJson(
  root: string,
  file: string,
  problems: ProjectProblem[],
): { value: unknown } | undefined {
  const text = readFileSync(join(root, file), 'utf8');
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const before = text.slice(0, offset).split('\n');
    const line = before.length;
    const column = before[before.length - 1]!.length + 1;
    problems.push({
      path: `${file}:${line}:${column}`,
      message: `invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}; fix the syntax there (strings and keys in double quotes, no trailing commas)`,
    });
    return undefined;
  }
}

/**
 * The closest of `known` to `name` by edit distance, when close enough to be a typo.
 *
 * @example
 * closest('shopp', ['shop', 'home']); // 'shop'
 * closest('bool', ['boolean', 'number']); // 'boolean'
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  // A name cut short ('bool' for 'boolean') is as likely a slip as a typo.
  const longer = name.length >= 3 ? known.filter((k) => k.startsWith(name)) : [];
  if (longer.length === 1) return longer[0];
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/** A list for a message: every item up to a limit, then how many more. */
export function listed(items: readonly string[], limit = 12): string {
  const shown = items.slice(0, limit).join(', ');
  return items.length > limit ? `${shown} and ${items.length - limit} more` : shown || 'none';
}
