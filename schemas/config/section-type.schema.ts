import type { FromSchema } from 'json-schema-to-ts';
import { restrictionTypes } from '../entities/storefront.schema';

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

/**
 * The meta-schema of a storefront section type (schemas/storefront/*.section.ts): its key, the
 * English label of the editor, the renderer key the client maps to a component, the JSON Schemas
 * of its content, settings and appearance, their defaults and the restriction types it allows.
 * `npm run validate` checks every declared type against it and the defaults against the schemas.
 */
export const sectionTypeSchema = {
  $id: 'atrium:config:section-type',
  type: 'object',
  required: [
    'type',
    'label',
    'renderer',
    'content',
    'settings',
    'appearance',
    'defaults',
    'restrictions',
  ],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    renderer: { type: 'string', pattern: '^[a-z][a-z0-9_-]*$', maxLength: 64 },
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
        content: { type: 'object' },
        settings: { type: 'object' },
        appearance: { type: 'object' },
      },
    },
  },
} as const;
export type SectionTypeConfig = FromSchema<typeof sectionTypeSchema>;

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
  readonly renderer: string;
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
