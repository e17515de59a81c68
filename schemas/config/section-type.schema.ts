import { restrictionTypes } from '../entities/storefront.schema';
import { trainingsSortings, trainingsSources } from '../storefront/trainings.section';

/** A JSON Schema of one part of a section (content, settings or appearance): an object with an absolute `$id`. */
const partSchema = {
  type: 'object',
  required: ['$id', 'type', 'properties'],
  properties: {
    $id: { type: 'string', pattern: '^[a-z][a-z0-9+.-]*:' },
    type: { const: 'object' },
    properties: { type: 'object' },
  },
} as const;

/** What a section type can list: the server resolves the listed items for it. */
export const sectionListings = ['trainings'] as const;

/**
 * What the first, server-rendered page loads with a section of a type so that it shows at once:
 * `vocabulary_terms` the terms of the vocabulary its content names in `vocabulary`, when its
 * content picks some `terms`.
 */
export const sectionPrefetches = ['vocabulary_terms'] as const;

/**
 * How the generic renderer shows a content field (`'ui:role'` in the type's content uiSchema):
 * without one it goes by the field's schema (HTML marked `contentMediaType: 'text/html'`, which
 * the server also sanitizes; an image `{ url, alt }`; a link `{ label, url }`; a field named
 * `heading`; any other string as text).
 */
export const sectionFieldRoles = [
  'heading',
  'text',
  'html',
  'quote',
  'caption',
  'image',
  'link',
  'hidden',
] as const;

/** A field schema giving a string of one of `values`, declared where `declared` says. */
const stringOf = (values: readonly string[], declared: string) => ({
  required: ['type', 'enum'],
  properties: {
    type: { const: 'string' },
    enum: { type: 'array', minItems: 1, items: { enum: values } },
  },
  description: `the server knows only these values, ${declared}: offer some of them`,
});
const integerList = {
  required: ['type', 'items'],
  properties: {
    type: { const: 'array' },
    items: { required: ['type'], properties: { type: { const: 'integer' } } },
  },
};

/**
 * What the content schema of a section type that lists trainings must declare: the fields the
 * server reads as the trainings query (src/server/routes/storefront.ts, `served`), each giving
 * values of the type the server takes them as. (One such schema per `sectionListings` entry.)
 */
const trainingsQuery = {
  type: 'object',
  required: ['source', 'training_ids', 'vocabulary', 'tags', 'size', 'sorting'],
  properties: {
    // Pure: the client, which imports this module for the roles, leaves the query out.
    source: /* @__PURE__ */ stringOf(
      trainingsSources,
      'trainingsSources in schemas/storefront/trainings.section.ts',
    ),
    training_ids: integerList,
    vocabulary: { required: ['type'], properties: { type: { const: 'string' } } },
    tags: integerList,
    size: { required: ['type'], properties: { type: { const: 'integer' } } },
    sorting: /* @__PURE__ */ stringOf(
      trainingsSortings,
      'trainingsSortings in schemas/storefront/trainings.section.ts',
    ),
  },
  description:
    "with lists: 'trainings' the content is the trainings query the server reads: source (one of trainingsSources), training_ids and tags (lists of integer ids), vocabulary (a string), size (an integer) and sorting (one of trainingsSortings); declare them as schemas/storefront/trainings.section.ts does, or leave out lists",
} as const;

/** A part's uiSchema: each field's `'ui:role'` is one the generic renderer knows. */
const partUiSchema = {
  type: 'object',
  patternProperties: {
    '^(?!ui:)': {
      type: 'object',
      properties: {
        'ui:role': {
          type: 'string',
          enum: sectionFieldRoles,
          description:
            'the roles the generic section renderer shows are sectionFieldRoles in schemas/config/section-type.schema.ts, which src/features/storefront/sections/content-blocks.ts reads: use one of them, or leave ui:role out to go by the schema',
        },
      },
    },
  },
} as const;

/**
 * The meta-schema of a storefront section type (schemas/storefront/*.section.ts): its key, the
 * English label of the editor, the JSON Schemas of its content, settings and appearance, their
 * defaults and the restriction types it allows; optionally the renderer key the client maps to a
 * component (without one, the generic renderer shows the content by its schema) and what the
 * type lists (`lists: 'trainings'`: its content is a trainings query the server resolves) and
 * what the first page loads with it (`prefetch`).
 * `npm run validate` checks every declared type against it and the defaults against the schemas.
 */
export const sectionTypeSchema = {
  $id: 'atrium:config:section-type',
  type: 'object',
  required: ['type', 'label', 'content', 'settings', 'appearance', 'defaults', 'restrictions'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    /** The client's renderer: `src/features/storefront/sections/renderers/<renderer>.tsx`. */
    renderer: { type: 'string', pattern: '^[a-z][a-z0-9_-]*$', maxLength: 64 },
    /**
     * What the section lists: `trainings` means its content holds a trainings query (`source`,
     * `training_ids`, `vocabulary`, `tags`, `size`, `sorting`) and the server serves the trainings
     * it finds with the section, and pages through them on the section's own page.
     */
    lists: { type: 'string', enum: sectionListings },
    /** What the first page loads with a section of this type (see `sectionPrefetches`). */
    prefetch: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: sectionPrefetches },
    },
    content: partSchema,
    settings: partSchema,
    appearance: partSchema,
    defaults: {
      type: 'object',
      required: ['content', 'settings', 'appearance'],
      additionalProperties: false,
      properties: {
        content: { type: 'object' },
        settings: { type: 'object' },
        appearance: { type: 'object' },
      },
    },
    restrictions: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: restrictionTypes },
    },
    /** How the editor shows each part's fields: rjsf uiSchemas (widgets, option names, help). */
    ui: {
      type: 'object',
      additionalProperties: false,
      properties: {
        content: partUiSchema,
        settings: { type: 'object' },
        appearance: { type: 'object' },
      },
    },
  },
  // A type that lists something holds the listing's query in its content.
  allOf: [
    {
      if: { required: ['lists'], properties: { lists: { const: 'trainings' } } },
      then: { properties: { content: { properties: { properties: trainingsQuery } } } },
    },
  ],
} as const;

/** The JSON Schema of one section part as a declaration holds it (read-only, `as const`). */
export interface SectionPartSchema {
  readonly $id: string;
  readonly type: 'object';
  readonly properties: Readonly<Record<string, unknown>>;
}

/** A declared section type as TypeScript sees an `as const` declaration. */
export interface SectionTypeDeclaration {
  readonly type: string;
  readonly label: string;
  readonly renderer?: string;
  readonly lists?: (typeof sectionListings)[number];
  readonly prefetch?: readonly (typeof sectionPrefetches)[number][];
  readonly content: SectionPartSchema;
  readonly settings: SectionPartSchema;
  readonly appearance: SectionPartSchema;
  readonly defaults: {
    readonly content: Readonly<Record<string, unknown>>;
    readonly settings: Readonly<Record<string, unknown>>;
    readonly appearance: Readonly<Record<string, unknown>>;
  };
  readonly restrictions: readonly (typeof restrictionTypes)[number][];
  readonly ui?: {
    readonly content?: Readonly<Record<string, unknown>>;
    readonly settings?: Readonly<Record<string, unknown>>;
    readonly appearance?: Readonly<Record<string, unknown>>;
  };
}
