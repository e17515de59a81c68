import type { FromSchema } from 'json-schema-to-ts';
import { embed, listMetaSchema } from './common.schema';
import { restrictionTypeDeclarations } from './restriction-types';
import { trainingListItemSchema } from './training.schema';

/** Which visitors a storefront layout is for. */
export const storefrontAudiences = ['registered', 'unregistered'] as const;

/**
 * The keys of the audience restriction types (declared with the attribute each reads in
 * restriction-types.ts). A visitor has only a language.
 */
export const restrictionTypes = restrictionTypeDeclarations.map((d) => d.type);
export type RestrictionType = (typeof restrictionTypes)[number];

/**
 * One audience restriction (SPEC point 3): `rule` is always `and`; `type` names a restriction
 * type (language, country, title, organizations, roles, …); `value` is a string, a number or a
 * list of them.
 */
export const restrictionItemSchema = {
  $id: 'atrium:restriction-item',
  type: 'object',
  required: ['rule', 'type', 'value'],
  additionalProperties: false,
  properties: {
    rule: { type: 'string', const: 'and' },
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    value: {
      anyOf: [
        { type: 'string', maxLength: 200 },
        { type: 'number' },
        {
          type: 'array',
          maxItems: 200,
          items: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }] },
        },
      ],
    },
  },
} as const;
export type RestrictionItem = FromSchema<typeof restrictionItemSchema>;

/**
 * A storefront section as stored and served. `content`, `settings` and `appearance` follow the
 * section type's own schemas (schemas/storefront); the server validates them per type.
 */
export const storefrontSectionSchema = {
  $id: 'atrium:storefront-section',
  type: 'object',
  required: ['id', 'type', 'weight', 'data'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    weight: { type: 'integer', minimum: 0 },
    data: {
      type: 'object',
      required: ['content', 'settings', 'appearance', 'restrictions'],
      additionalProperties: false,
      properties: {
        // Shapes per section type; open here so the serializer keeps every field.
        content: { type: 'object', additionalProperties: true },
        settings: { type: 'object', additionalProperties: true },
        appearance: { type: 'object', additionalProperties: true },
        restrictions: { type: 'array', maxItems: 50, items: embed(restrictionItemSchema) },
      },
    },
    /** Trainings sections as served to a visitor: the resolved trainings and their paging. */
    trainings: { type: 'array', items: embed(trainingListItemSchema) },
    trainings_meta: embed(listMetaSchema),
  },
} as const;
export type StorefrontSection = FromSchema<typeof storefrontSectionSchema>;

/** One restriction type of the target audience dialog, with its options. */
export const storefrontRestrictionOptionsSchema = {
  $id: 'atrium:storefront-restriction-options',
  type: 'object',
  required: ['type', 'label', 'multiple', 'options'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: restrictionTypes },
    label: { type: 'string' },
    multiple: { type: 'boolean' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'label'],
        additionalProperties: false,
        properties: {
          value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          label: { type: 'string' },
        },
      },
    },
  },
} as const;
export type StorefrontRestrictionOptions = FromSchema<typeof storefrontRestrictionOptionsSchema>;

/**
 * A storefront layout: one audience, one language, its sections in order. `id` is null for a
 * draft: the editor's empty layout of a language that has none yet, which exists only once it
 * is saved (`POST storefront/manage`).
 */
export const storefrontLayoutSchema = {
  $id: 'atrium:storefront-layout',
  type: 'object',
  required: ['id', 'audience', 'language', 'enabled', 'sections'],
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'null'], minimum: 1 },
    audience: { type: 'string', enum: storefrontAudiences },
    language: { type: 'string', maxLength: 20 },
    enabled: { type: 'boolean' },
    sections: { type: 'array', items: embed(storefrontSectionSchema) },
    /**
     * The public answer's paging of the sections the caller may see: a page of 12 at a time
     * (`GET storefront?page`). Managers' answers have every section and leave it out.
     */
    sections_meta: embed(listMetaSchema),
    /**
     * Restriction types the target audience dialog offers for this layout (managers only; the
     * public answer leaves it out).
     */
    restrictions: { type: 'array', items: embed(storefrontRestrictionOptionsSchema) },
  },
} as const;
export type StorefrontLayout = FromSchema<typeof storefrontLayoutSchema>;

/**
 * `PATCH storefront/manage/{id}` body: the whole ordered section list. New sections have
 * `id: null`; the editor's `hide`, `state` and `isNew` are stripped before sending.
 */
export const storefrontPatchSchema = {
  $id: 'atrium:storefront-patch',
  type: 'object',
  required: ['sections'],
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    sections: {
      type: 'array',
      maxItems: 300,
      items: {
        type: 'object',
        required: ['id', 'type', 'weight', 'data'],
        additionalProperties: false,
        properties: {
          id: { type: ['integer', 'null'], minimum: 1 },
          type: storefrontSectionSchema.properties.type,
          weight: storefrontSectionSchema.properties.weight,
          data: storefrontSectionSchema.properties.data,
        },
      },
    },
  },
} as const;
export type StorefrontPatch = FromSchema<typeof storefrontPatchSchema>;

/**
 * `POST storefront/manage`: the first save of a layout the editor opened as a draft (`id`
 * null); the body of `PATCH storefront/manage/{id}` plus the audience and language it is for.
 */
export const storefrontCreateSchema = {
  $id: 'atrium:storefront-create',
  type: 'object',
  required: ['type', 'language', 'sections'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: storefrontAudiences },
    language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]+)*$', maxLength: 20 },
    ...storefrontPatchSchema.properties,
  },
} as const;
export type StorefrontCreate = FromSchema<typeof storefrontCreateSchema>;

/** `GET storefront/settings`: whether the storefront is on, and the target audience dialog per audience. */
export const storefrontSettingsSchema = {
  $id: 'atrium:storefront-settings',
  type: 'object',
  required: ['enabled', 'restrictions'],
  additionalProperties: false,
  properties: {
    /** The catalogue and storefront page switches of the site settings, both on. */
    enabled: { type: 'boolean' },
    /** Empty lists unless the caller manages the storefront. */
    restrictions: {
      type: 'object',
      required: ['registered', 'unregistered'],
      additionalProperties: false,
      properties: {
        registered: { type: 'array', items: embed(storefrontRestrictionOptionsSchema) },
        unregistered: { type: 'array', items: embed(storefrontRestrictionOptionsSchema) },
      },
    },
  },
} as const;
export type StorefrontSettings = FromSchema<typeof storefrontSettingsSchema>;

/** `GET storefront`: the audience and language default to the caller's. */
export const storefrontQuerySchema = {
  $id: 'atrium:storefront-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    audience: { type: 'string', enum: storefrontAudiences },
    language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]+)*$', maxLength: 20 },
    /** Which page of the sections (12 a page): the next ones load as the reader scrolls. */
    page: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;
export type StorefrontQuery = FromSchema<typeof storefrontQuerySchema>;

/** `GET storefront_sections/{id}`: the caller's language and a page of 24 trainings. */
export const storefrontSectionQuerySchema = {
  $id: 'atrium:storefront-section-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    language: storefrontQuerySchema.properties.language,
    page: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;
export type StorefrontSectionQuery = FromSchema<typeof storefrontSectionQuerySchema>;

/**
 * `GET storefront/manage`: the layout of one audience and language; with `preview`, what an
 * audience described by the restriction-type filters would see.
 */
/** The values of one restriction type a preview audience has. */
const previewValues = {
  type: 'array',
  maxItems: 200,
  items: { type: 'string', maxLength: 200 },
} as const;
const previewFilters = Object.fromEntries(
  restrictionTypes.filter((type) => type !== 'language').map((type) => [type, previewValues]),
) as Record<Exclude<RestrictionType, 'language'>, typeof previewValues>;

export const storefrontManageQuerySchema = {
  $id: 'atrium:storefront-manage-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: storefrontAudiences, default: 'registered' },
    language: { ...storefrontQuerySchema.properties.language, default: 'en' },
    preview: { type: 'boolean', default: false },
    /** The preview audience's language; the layout's language when left out. */
    audience_language: storefrontQuerySchema.properties.language,
    /** The preview audience's values of every other restriction type, each a list. */
    ...previewFilters,
  },
} as const;
export type StorefrontManageQuery = FromSchema<typeof storefrontManageQuerySchema>;
