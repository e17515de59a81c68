import { describe, expect, it } from 'vitest';
import { mapHtmlFields } from '../html-fields';

const html = { type: 'string', contentMediaType: 'text/html' } as const;
const schema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    body: html,
    panel: { type: 'object', properties: { note: html } },
    items: { type: 'array', items: { type: 'object', properties: { text: html } } },
  },
} as const;
const shout = (s: string) => s.toUpperCase();

describe('mapHtmlFields', () => {
  it('cleans every string the schema marks as HTML, at any depth, and nothing else', () => {
    const value = {
      title: '<b>t</b>',
      body: '<b>b</b>',
      panel: { note: '<i>n</i>' },
      items: [{ text: '<u>a</u>' }, { text: 'b' }],
      extra: '<s>x</s>',
    };
    expect(mapHtmlFields(schema, value, shout)).toEqual({
      title: '<b>t</b>',
      body: '<B>B</B>',
      panel: { note: '<I>N</I>' },
      items: [{ text: '<U>A</U>' }, { text: 'B' }],
      extra: '<s>x</s>',
    });
  });

  it('returns the value itself when nothing is marked, and leaves it unchanged', () => {
    const value = { title: '<b>t</b>' };
    expect(mapHtmlFields(schema, value, shout)).toBe(value);
    const marked = { body: '<b>b</b>' };
    mapHtmlFields(schema, marked, shout);
    expect(marked).toEqual({ body: '<b>b</b>' });
  });
});
