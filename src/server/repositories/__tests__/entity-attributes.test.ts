import { productInputSchema } from '@schemas/entities/incentives.schema';
import { describe, expect, it } from 'vitest';
import { attributeFields } from '../entity-attributes';

// The product schema as a product owner extends it: one more field, nothing else.
const extended = {
  ...productInputSchema,
  properties: {
    ...productInputSchema.properties,
    engraving: { type: 'string', title: 'Engraving text', maxLength: 40, default: '' },
  },
} as const;
const columns = ['title', 'price', 'description'];

describe('attributeFields', () => {
  const attributes = attributeFields(extended, columns);

  it('stores every declared field without a column, and only those', () => {
    expect(attributes.fields).toContain('engraving');
    expect(attributes.fields).not.toContain('title');
    expect(
      attributes.split({ title: 'Pen', price: 5, engraving: 'For Lena', max_per_order: 2 }),
    ).toEqual({ engraving: 'For Lena', max_per_order: 2 });
    expect(attributes.split({ title: 'Pen', undeclared: 1 })).toEqual({});
  });

  it('serves the stored values, the default of a field declared since, and nothing undeclared', () => {
    expect(attributes.merge({ engraving: 'For Lena', retired: true })).toEqual({
      engraving: 'For Lena',
      max_per_order: null,
    });
    expect(attributes.merge({})).toEqual({ engraving: '', max_per_order: null });
  });

  it('serves a public answer only the fields its schema lists', () => {
    const shop = { properties: { id: {}, engraving: {} } };
    expect(attributes.merge({ engraving: 'For Lena', max_per_order: 2 }, shop)).toEqual({
      engraving: 'For Lena',
    });
  });
});
