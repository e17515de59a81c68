import type { Product, ProductInput } from '@schemas/entities/incentives.schema';
import { productBuiltInFields, productInputSchema } from '@schemas/entities/incentives.schema';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import type { UiSchema } from '@rjsf/utils';

const { properties } = productInputSchema;

/**
 * The product form: `productInputSchema` with its optional dates as plain date-time fields (rjsf
 * would draw `anyOf [date-time, null]` as an option picker) and restrictions joined by "and", of
 * the declared restriction types only.
 * {@link toProductInput} turns empty fields back into the nulls the contract expects.
 */
export const productFormSchema = {
  ...productInputSchema,
  // Its own id: rjsf's validator caches compiled schemas by id, so a shared one would validate
  // this form with the contract's schema.
  $id: 'atrium:forms:product',
  properties: {
    ...properties,
    // Both image fields are always strings (empty: no image), so neither is marked required.
    image: { ...properties.image, required: [] },
    available_from: { type: 'string', format: 'date-time', title: 'Available from' },
    available_until: { type: 'string', format: 'date-time', title: 'Available until' },
    restrictions: {
      ...properties.restrictions,
      items: {
        ...properties.restrictions.items,
        properties: {
          ...properties.restrictions.items.properties,
          rule: { ...properties.restrictions.items.properties.rule, default: 'and' },
          type: {
            ...properties.restrictions.items.properties.type,
            title: 'Who may buy it',
            enum: restrictionTypeDeclarations.map((d) => d.type),
          },
          value: { ...properties.restrictions.items.properties.value, title: 'Value' },
        },
      },
    },
  },
} as const;

/** What the form holds: the input with empty fields left out. */
export interface ProductFormData {
  title?: string;
  description?: string;
  image?: { url?: string; alt?: string };
  price?: number;
  stock?: number | null;
  per_user_limit?: number | null;
  available_from?: string | null;
  available_until?: string | null;
  published?: boolean;
  restrictions?: ProductInput['restrictions'];
  /** Any other field the product schema declares, as the schema has it. */
  [field: string]: unknown;
}

/** The fields this form converts itself; any other declared field is passed as it is. */
const converted = new Set<string>(productBuiltInFields);
const declaredFields = Object.entries(properties as Record<string, { type?: unknown }>).filter(
  ([name]) => !converted.has(name),
);

export const productUiSchema: UiSchema = {
  'ui:order': [
    'title',
    'description',
    'price',
    'image',
    'stock',
    'per_user_limit',
    'max_per_order',
    'available_from',
    'available_until',
    // A field added to the product schema: with its title as label, before the switches.
    '*',
    'published',
    'restrictions',
  ],
  description: {
    'ui:widget': 'textarea',
    'ui:emptyValue': '',
    'ui:options': { rows: 6 },
    'ui:help': 'Shown on the product page in the shop. Simple HTML is allowed.',
  },
  price: { 'ui:help': 'How many points one unit costs.' },
  image: {
    url: { 'ui:emptyValue': '', 'ui:placeholder': 'https://example.org/reward.jpg' },
    alt: {
      'ui:emptyValue': '',
      'ui:help': 'Describe the image for people who cannot see it.',
    },
  },
  stock: { 'ui:help': 'Leave empty for unlimited stock.' },
  per_user_limit: { 'ui:help': 'Leave empty to let a person buy it any number of times.' },
  max_per_order: { 'ui:help': 'Leave empty to let a person buy any number of units at once.' },
  available_from: { 'ui:help': 'Leave empty to offer it from now on.' },
  available_until: { 'ui:help': 'Leave empty to offer it with no end date.' },
  published: { 'ui:help': 'Only published products appear in the shop.' },
  restrictions: {
    'ui:help':
      'Leave empty to offer the product to everyone who can use the shop. Everyone chooses their own language: to limit who may buy, use organizations, roles, country or title.',
    'ui:title': 'Audience',
    'ui:options': {
      addLabel: 'Add a restriction',
      emptyText: 'Everyone who can use the shop may buy it.',
      orderable: false,
    },
    items: {
      'ui:title': 'Restriction',
      rule: { 'ui:widget': 'hidden' },
      type: { 'ui:enumNames': restrictionTypeDeclarations.map((d) => d.label) },
      // The values of the chosen kind, one or several as the kind's declaration says.
      value: {
        'ui:field': 'remoteSelect',
        'ui:fieldReplacesAnyOrOneOf': true,
        'ui:options': { source: 'restrictionValues', dependsOn: ['type'] },
      },
    },
  },
};

/** The form's starting data: a product being edited, or an empty new one. */
export function productFormData(product?: Product): ProductFormData {
  if (!product) {
    return { description: '', image: { url: '', alt: '' }, published: false, restrictions: [] };
  }
  const declared = declaredFields.filter(
    ([name]) => (product as Record<string, unknown>)[name] != null,
  );
  return {
    ...Object.fromEntries(
      declared.map(([name]) => [name, (product as Record<string, unknown>)[name]]),
    ),
    title: product.title,
    description: product.description,
    image: { url: product.image.url, alt: product.image.alt },
    price: product.price,
    ...(product.stock === null ? {} : { stock: product.stock }),
    ...(product.per_user_limit === null ? {} : { per_user_limit: product.per_user_limit }),
    ...(product.available_from ? { available_from: product.available_from } : {}),
    ...(product.available_until ? { available_until: product.available_until } : {}),
    published: product.published,
    restrictions: product.restrictions,
  };
}

/**
 * The whole product as the contract wants it: empty means null or empty, never missing (a
 * declared field that cannot be null is left out when empty).
 */
export function toProductInput(data: ProductFormData): ProductInput {
  const declared = declaredFields.flatMap(([name, field]) => {
    const nullable = Array.isArray(field.type) && field.type.includes('null');
    const value = data[name] ?? (nullable ? null : undefined);
    return value === undefined ? [] : [[name, value] as const];
  });
  return {
    ...(Object.fromEntries(declared) as Partial<ProductInput>),
    title: data.title ?? '',
    description: data.description ?? '',
    image: { url: data.image?.url ?? '', alt: data.image?.alt ?? '' },
    price: data.price ?? 0,
    stock: data.stock ?? null,
    per_user_limit: data.per_user_limit ?? null,
    available_from: data.available_from || null,
    available_until: data.available_until || null,
    published: data.published ?? false,
    restrictions: (data.restrictions ?? []).map((r) => ({ ...r, rule: 'and' as const })),
  };
}
