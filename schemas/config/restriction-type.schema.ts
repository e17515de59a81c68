import type { FromSchema } from 'json-schema-to-ts';

/**
 * Where the target audience dialog takes a restriction type's options from: the site's
 * languages, countries, organizations or roles, or `values`: the values users have of the
 * profile field the type reads (any field of the user profile schema).
 */
export const restrictionOptionSources = [
  'languages',
  'countries',
  'organizations',
  'roles',
  'values',
] as const;

/** How a target audience dialog offers a restriction type: one value, or several. */
const dialogChoice = { type: 'string', enum: ['one', 'several'] } as const;

/**
 * The meta-schema of an audience restriction type (schemas/entities/restriction-types.ts): its
 * key, the English label of the dialogs, the user attribute it matches (`reads`, a key of
 * `userAttributes` in schemas/entities/user.schema.ts: one an administrator sets, or a
 * preference), where its options come from, and which audiences' target audience dialog offers
 * it. `npm run validate` and the server's start check every declared type against it.
 */
export const restrictionTypeSchema = {
  $id: 'atrium:config:restriction-type',
  type: 'object',
  required: ['type', 'label', 'reads', 'options', 'dialog'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    reads: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    options: {
      type: 'string',
      enum: restrictionOptionSources,
      description:
        'the option sources are restrictionOptionSources in schemas/config/restriction-type.schema.ts, each of which the server reads (src/server/repositories/storefront.ts): use one of them, or add a source to both',
    },
    dialog: {
      type: 'object',
      additionalProperties: false,
      properties: { registered: dialogChoice, unregistered: dialogChoice },
    },
  },
} as const;
export type RestrictionTypeConfig = FromSchema<typeof restrictionTypeSchema>;

/** A declared restriction type as TypeScript sees an `as const` declaration. */
export interface RestrictionTypeDeclaration {
  readonly type: string;
  readonly label: string;
  readonly reads: string;
  readonly options: (typeof restrictionOptionSources)[number];
  readonly dialog: {
    readonly registered?: 'one' | 'several';
    readonly unregistered?: 'one' | 'several';
  };
}
