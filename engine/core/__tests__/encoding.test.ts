import { describe, expect, it } from 'vitest';
import { bracketToDotted, encodeForm, encodeQuery } from '../index';

describe('bracket encoding', () => {
  it('encodes form bodies with indexed brackets and drops empty values', () => {
    expect(
      encodeForm({ a: [{ b: 'c' }, { b: 'd', e: '' }], f: null, g: undefined, h: 0, i: false }),
    ).toBe('a[0][b]=c&a[1][b]=d&h=0&i=false');
    expect(encodeForm({ text: 'a&b=c d' })).toBe('text=a%26b%3Dc%20d');
  });
  it('encodes query arrays with empty brackets', () => {
    expect(
      encodeQuery({ attributes: ['logo', 'colors'], s: '', filter: { role: 'learner' } }),
    ).toBe('attributes[]=logo&attributes[]=colors&filter[role]=learner');
  });
  it('turns bracket paths into dotted form paths', () => {
    expect(bracketToDotted('sections[0][title]')).toBe('sections.0.title');
    expect(bracketToDotted('name')).toBe('name');
    expect(bracketToDotted('[0][x]')).toBe('0.x');
  });
});
