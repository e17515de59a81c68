import type { JSONSchema } from 'json-schema-to-ts';
import { accessFlagNames } from '../entities/access-flags.schema';

const flagsSchema = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: accessFlagNames },
} as const;

/**
 * The meta-schema of a settings document (schemas/settings-documents/*.document.ts): a site-wide
 * settings record an administrator edits on a generic, schema-rendered page. It names its key
 * (the route entry's `document` and the API path `settings/documents/<key>`), the JSON Schema of
 * its value (every field with an English `title`, which is also its label, and a `default`, so
 * that an empty site answers a valid document), an optional rjsf uiSchema, and the access flags
 * that read it and change it. The server checks every declaration against this schema when it
 * starts, and the defaults against the document's schema.
 */
export const settingsDocumentSchema = {
  $id: 'atrium:config:settings-document',
  type: 'object',
  required: ['key', 'schema', 'access'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    /**
     * The value's JSON Schema: an object with an absolute `$id`, and an English `title` (the
     * page's heading) and optional `description` (its lead), both translated.
     */
    schema: {
      type: 'object',
      required: ['$id', 'type', 'title', 'properties'],
      properties: {
        $id: { type: 'string', pattern: '^[a-z][a-z0-9+.-]*:' },
        type: { const: 'object' },
        title: { type: 'string', minLength: 1 },
        description: { type: 'string', minLength: 1 },
        properties: { type: 'object', minProperties: 1 },
      },
    },
    /** How the form shows the fields: widgets, help texts, option names. */
    uiSchema: { type: 'object' },
    /** Who reads the document (`read`) and who saves it (`change`): every flag is needed. */
    access: {
      type: 'object',
      required: ['read', 'change'],
      additionalProperties: false,
      properties: { read: flagsSchema, change: flagsSchema },
    },
  },
} as const;

/** A declared settings document as TypeScript sees an `as const` declaration. */
export interface SettingsDocumentDeclaration {
  readonly key: string;
  readonly schema: {
    readonly $id: string;
    readonly type: 'object';
    readonly title: string;
    readonly description?: string;
    readonly properties: Readonly<Record<string, JSONSchema>>;
    /** Any other keyword of an object schema (`required`, `additionalProperties`…). */
    readonly [keyword: string]: unknown;
  };
  readonly uiSchema?: Readonly<Record<string, unknown>>;
  readonly access: {
    readonly read: readonly (typeof accessFlagNames)[number][];
    readonly change: readonly (typeof accessFlagNames)[number][];
  };
}
