import { describe, expect, it } from 'vitest';
import {
  fieldTitles,
  localize,
  schemaAtPath,
  translatablePaths,
  translatableProblems,
} from '../translatable-fields';

const schema = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', 'x-translatable': true },
    image: {
      type: 'object',
      title: 'Picture',
      properties: { alt: { type: 'string', title: 'Description', 'x-translatable': true } },
    },
    note: { type: 'string', 'x-translatable': true },
  },
} as const;

describe('fieldTitles', () => {
  it('names each translatable field by the titles along its path, or by its key', () => {
    expect(translatablePaths(schema).map((path) => fieldTitles(schema, path))).toEqual([
      ['Title'],
      ['Picture', 'Description'],
      ['note'],
    ]);
  });

  it('names a path the schema does not declare by its keys', () => {
    expect(fieldTitles(schema, 'image.url')).toEqual(['Picture', 'url']);
    expect(fieldTitles(schema, 'missing.alt')).toEqual(['missing', 'alt']);
  });
});

const described = {
  type: 'object',
  properties: { alt: { type: 'string', title: 'Description', 'x-translatable': true } },
} as const;

describe('an object that may be null', () => {
  const settings = {
    type: 'object',
    properties: { banner: { title: 'Banner', anyOf: [described, { type: 'null' }] } },
  } as const;

  it('has its translatable strings at its field’s path, named by the field', () => {
    expect(translatableProblems(settings)).toEqual([]);
    expect(translatablePaths(settings)).toEqual(['banner.alt']);
    expect(schemaAtPath(settings, 'banner.alt')).toBe(described.properties.alt);
    expect(fieldTitles(settings, 'banner.alt')).toEqual(['Banner', 'Description']);
  });

  it('is read in a language when it is there, and stays null when it is not', () => {
    const texts = { 'banner.alt': 'لافتة' };
    expect(localize(settings, { banner: { alt: 'A banner' } }, texts)).toEqual({
      banner: { alt: 'لافتة' },
    });
    expect(localize(settings, { banner: null }, texts)).toEqual({ banner: null });
  });

  it('is told apart from a choice of several schemas, where texts have no place', () => {
    const choice = {
      type: 'object',
      properties: { media: { anyOf: [described, { type: 'object', properties: {} }] } },
    } as const;
    expect(translatablePaths(choice)).toEqual([]);
    expect(translatableProblems(choice).map((p) => p.pointer)).toEqual([
      '/properties/media/anyOf/0/properties/alt/x-translatable',
    ]);
  });
});
