import type {
  RestrictionItem,
  StorefrontRestrictionOptions,
} from '@schemas/entities/storefront.schema';
import { describe, expect, it } from 'vitest';
import {
  describeRestrictions,
  formToRestrictions,
  restrictionsFormSchema,
  restrictionsToForm,
} from '../restrictions-form';

const offered: StorefrontRestrictionOptions[] = [
  {
    type: 'language',
    label: 'Language',
    multiple: false,
    options: [
      { value: 'en', label: 'English' },
      { value: 'ar', label: 'Arabic' },
    ],
  },
  {
    type: 'organizations',
    label: 'Organizations',
    multiple: true,
    options: [
      { value: 1, label: 'Blue Harbor Logistics' },
      { value: 2, label: 'Northwind Health' },
    ],
  },
  { type: 'title', label: 'Title', multiple: false, options: [] },
];
const all = ['language', 'organizations', 'title', 'roles'];

describe('the restrictions form', () => {
  it('has a select per offered type with options, a multi-select where the layout says so', () => {
    const schema = restrictionsFormSchema(offered, all);
    expect(Object.keys(schema.properties)).toEqual(['language', 'organizations']);
    expect(schema.properties.language).toEqual({
      type: 'string',
      title: 'Language',
      oneOf: [
        { const: 'en', title: 'English' },
        { const: 'ar', title: 'Arabic' },
      ],
    });
    expect(schema.properties.organizations).toMatchObject({
      type: 'array',
      uniqueItems: true,
      items: { type: 'integer' },
    });
  });

  it('leaves out types the section type does not allow', () => {
    expect(Object.keys(restrictionsFormSchema(offered, ['language']).properties)).toEqual([
      'language',
    ]);
  });

  it('turns items into form data and back, keeping types the form does not show', () => {
    const items: RestrictionItem[] = [
      { rule: 'and', type: 'organizations', value: [2] },
      { rule: 'and', type: 'roles', value: ['trainer'] },
    ];
    const form = restrictionsToForm(items, offered);
    expect(form).toEqual({ organizations: [2] });
    const back = formToRestrictions({ ...form, language: 'ar' }, items, offered, all);
    expect(back).toEqual([
      { rule: 'and', type: 'language', value: 'ar' },
      { rule: 'and', type: 'organizations', value: [2] },
      { rule: 'and', type: 'roles', value: ['trainer'] },
    ]);
  });

  it('drops emptied fields: an empty restriction restricts nothing', () => {
    const items: RestrictionItem[] = [{ rule: 'and', type: 'language', value: 'en' }];
    expect(
      formToRestrictions({ language: undefined, organizations: [] }, items, offered, all),
    ).toEqual([]);
  });

  it('describes items with the options labels', () => {
    expect(
      describeRestrictions(
        [
          { rule: 'and', type: 'organizations', value: [1, 2] },
          { rule: 'and', type: 'country', value: 'NL' },
        ],
        offered,
      ),
    ).toEqual([
      { label: 'Organizations', values: ['Blue Harbor Logistics', 'Northwind Health'] },
      { label: 'country', values: ['NL'] },
    ]);
  });
});
