/**
 * The project manifest `validate.config.ts` (at the project root): where the project keeps what
 * `npm run validate` checks. The engine knows no feature; every feature's declarations are
 * listed here as collections and checked by the same generic rules.
 */

/** A JSON Schema, as a plain object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A named export of a project module. @example { file: 'schemas/widgets/widget.schema.ts', export: 'widgetSchema' } */
export interface ExportRef {
  /** Path from the project root. */
  readonly file: string;
  readonly export: string;
}

/** A problem a collection's own check reports, at a JSON pointer into one of its declarations. */
export interface CheckProblem {
  /** Index (array source) or key (object source) of the declaration; omitted for the collection as a whole. */
  readonly declaration?: number | string;
  /** JSON pointer inside the declaration (or the collection), e.g. `/size`. */
  readonly path: string;
  readonly message: string;
  /** Another export the problem is in, when it is not in the collection itself. */
  readonly in?: ExportRef;
}

/** What a collection's own check may use. */
export interface CheckContext {
  /** Loads an export of the project; undefined (and a reported problem) when it cannot. */
  readonly load: (ref: ExportRef) => Promise<unknown>;
}

/**
 * A schema part of every declaration: the schema compiles, each `default` keyword in it fits
 * the schema it stands in, the defaults validate against it and the uiSchema names only its
 * fields. A declaration that leaves the schema out is skipped.
 */
export interface SchemaPart {
  /** JSON pointer to the schema inside the declaration (`/content`), or one schema for all. */
  readonly schema: string | ExportRef;
  /** JSON pointer to the value that must validate against it (`/defaults/content`). */
  readonly defaults?: string;
  /** Fields the value takes from the declaration before it is validated: `{ type: '/type' }`. */
  readonly fill?: Readonly<Record<string, string>>;
  /** JSON pointer to the rjsf uiSchema of the part (`/ui/content`); optional in a declaration. */
  readonly ui?: string;
  /** Every field of the schema must have a `default`: its value starts as its fields' defaults. */
  readonly fieldDefaults?: boolean;
}

/** A value that must name a file of the project; skipped when a declaration leaves it out. */
export interface FileReference {
  /** JSON pointer inside the declaration; `*` stands for every item or property. */
  readonly at: string;
  /** Path from the project root, `{value}` standing for the value. */
  readonly pattern: string;
  /** What the file is, for the message: 'widget component'. */
  readonly what?: string;
}

/** A value that must be a key of another collection, or one of the values a declaration of it lists. */
export interface KeyReference {
  /** JSON pointer inside the declaration; `*` stands for every item or property. */
  readonly at: string;
  /** Name of the collection it refers to. */
  readonly collection: string;
  /**
   * With `field`: the value must be one of what `field` (a pointer) holds in the declaration of
   * `collection` whose key is the value at `of` (a pointer in this declaration). A list offers
   * its items, an object its keys.
   * @example { at: '/inputs/*', collection: 'signals', of: '/signal', field: '/carries' }
   */
  readonly of?: string;
  readonly field?: string;
  /**
   * A text naming keys inside it: a regular expression whose first group is each name, e.g.
   * `'\\{([a-z_]+)\\}'` for the `{name}` placeholders of a template. Without it the whole value
   * is the name.
   */
  readonly names?: string;
}

/**
 * A list of declarations the project is extended by: widget types, the signals they react to…
 *
 * @example
 * { name: 'widget types', source: { file: 'schemas/widgets/widget-types.ts', export: 'widgetTypes' }, key: '/type' }
 */
export interface CollectionDeclaration {
  /** Plural name, used in messages, the summary and references: 'widget types'. */
  readonly name: string;
  /** The export holding the declarations: an array, or an object whose keys are the keys. */
  readonly source: ExportRef;
  /** JSON pointer to each declaration's unique key in an array (`/type`). */
  readonly key?: string;
  /**
   * The meta-schema every declaration must satisfy: an export or an inline schema. The
   * `description` of a node says what to do when a value fails it (where the allowed values are
   * declared, what to add); each message about the node or one below it ends with it.
   */
  readonly meta?: ExportRef | JsonSchema;
  readonly schemas?: readonly SchemaPart[];
  readonly files?: readonly FileReference[];
  readonly references?: readonly KeyReference[];
  /** Texts users read, each of which needs a translation in every shipped language (`/label`). */
  readonly translated?: readonly string[];
  /** Checks of the collection no rule above states; declarations refused by `meta` are left out (undefined). */
  readonly check?: (
    declarations: readonly unknown[],
    context: CheckContext,
  ) => readonly CheckProblem[] | Promise<readonly CheckProblem[]>;
}

/** The project manifest: its config files, schema folders, translations and declaration collections. */
export interface ValidateConfig {
  /** The routes config. Default `routes.config.json`. */
  readonly routes?: string;
  /** The export listing the page keys routes may name, and the file where a page is registered. */
  readonly pages?: ExportRef & { readonly registry: string };
  /**
   * Folders searched for `*.schema.ts` modules, and for uiSchemas written outside them (which
   * validate reports). Default `['schemas', 'src']`.
   */
  readonly schemaDirs?: readonly string[];
  /** The shipped interface translations, `{lang}` standing for the language code. */
  readonly translations?: string;
  readonly collections?: readonly CollectionDeclaration[];
  /** The collection whose keys a route's `document` names (the document a generic page edits). */
  readonly routeDocuments?: string;
}

/**
 * Types a project manifest.
 *
 * @example
 * export default defineValidateConfig({ routes: 'routes.config.json', collections: [] });
 */
export const defineValidateConfig = (config: ValidateConfig): ValidateConfig => config;
