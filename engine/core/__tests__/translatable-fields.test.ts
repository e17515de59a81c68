import { describe, expect, it } from 'vitest';
import { fieldTitles, translatablePaths } from '../translatable-fields';

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
