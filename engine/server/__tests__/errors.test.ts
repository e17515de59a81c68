import { describe, expect, it } from 'vitest';
import { boundedMessages, MAX_FIELD_MESSAGES, toBracketPath, validationMessages } from '../errors';
import { pageMeta } from '../envelope';

describe('toBracketPath', () => {
  it('turns JSON pointers into bracket notation', () => {
    expect(toBracketPath('/a/0/b')).toBe('a[0][b]');
    expect(toBracketPath('', 'name')).toBe('name');
    expect(toBracketPath('/sections/2', 'title')).toBe('sections[2][title]');
    expect(toBracketPath('/a~1b/c~0d')).toBe('a/b[c~d]');
    expect(toBracketPath('')).toBe('');
  });
});

describe('validationMessages', () => {
  it('writes human texts with bracket paths', () => {
    expect(
      validationMessages([
        {
          keyword: 'required',
          instancePath: '/profile',
          params: { missingProperty: 'first_name' },
        },
        { keyword: 'type', instancePath: '/page', params: { type: 'integer' }, data: 'abc' },
        { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } },
        {
          keyword: 'enum',
          instancePath: '/type',
          params: { allowedValues: ['a', 'b'] },
          data: 'c',
        },
        { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } },
        { keyword: 'maxLength', instancePath: '/name', params: { limit: 3 } },
      ]),
    ).toEqual([
      { path: 'profile[first_name]', text: 'Required' },
      { path: 'page', text: 'Expected integer, received string' },
      { path: 'x', text: 'Unrecognized field' },
      { path: 'type', text: "Invalid value. Expected 'a' | 'b', received 'c'" },
      { path: 'name', text: 'Required' },
      { path: 'name', text: 'Must contain at most 3 characters' },
    ]);
  });

  it('drops duplicates and vague combinator errors where a precise one exists', () => {
    expect(
      validationMessages([
        { keyword: 'type', instancePath: '/a', params: { type: 'string' }, data: 1 },
        { keyword: 'anyOf', instancePath: '/a', params: {} },
        { keyword: 'type', instancePath: '/a', params: { type: 'string' }, data: 1 },
      ]),
    ).toEqual([{ path: 'a', text: 'Expected string, received integer' }]);
  });

  it('answers a broken format, or a pattern narrowing one, with the text declared for the format', () => {
    const dateTime = { type: 'string', format: 'date-time', pattern: '^2' };
    const issues = [
      { keyword: 'format', instancePath: '/start', params: { format: 'date-time' } },
      { keyword: 'pattern', instancePath: '/start', params: {}, parentSchema: dateTime },
      { keyword: 'pattern', instancePath: '/end', params: {}, parentSchema: dateTime },
      { keyword: 'pattern', instancePath: '/colour', params: {}, parentSchema: { type: 'string' } },
      { keyword: 'format', instancePath: '/mail', params: { format: 'email' } },
    ];
    expect(validationMessages(issues, { 'date-time': 'Must be a date and time' })).toEqual([
      { path: 'start', text: 'Must be a date and time' },
      { path: 'end', text: 'Must be a date and time' },
      { path: 'colour', text: 'Invalid format' },
      { path: 'mail', text: 'Invalid email' },
    ]);
    expect(validationMessages(issues.slice(0, 1))).toEqual([
      { path: 'start', text: 'Invalid date-time' },
    ]);
  });
});

describe('a short answer, whatever the input', () => {
  const unknown = (name: string) => ({
    keyword: 'additionalProperties',
    instancePath: '',
    params: { additionalProperty: name },
  });

  it('lists the first 20 problems of many', () => {
    const issues = Array.from({ length: 110_000 }, (_, i) => unknown(`f${i}`));
    const messages = validationMessages(issues);
    expect(messages).toHaveLength(MAX_FIELD_MESSAGES);
    expect(messages[0]).toEqual({ path: 'f0', text: 'Unrecognized field' });
    expect(messages.at(-1)).toEqual({ path: 'f19', text: 'Unrecognized field' });
  });

  it('cuts a long field name or value', () => {
    const long = 'x'.repeat(100_000);
    const [name, value] = validationMessages([
      unknown(long),
      { keyword: 'enum', instancePath: '/type', params: { allowedValues: ['a', 'b'] }, data: long },
    ]);
    expect(name!.path).toHaveLength(200);
    expect(name!.path.endsWith('…')).toBe(true);
    expect(value!.text.length).toBeLessThan(200);
    expect(value!.text).toMatch(/^Invalid value\. Expected 'a' \| 'b', received 'x+…$/);
  });

  it('bounds the messages a route writes itself the same way', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      path: `${'p'.repeat(1000)}${i}`,
      text: 'Bad',
    }));
    const bounded = boundedMessages(many);
    expect(bounded).toHaveLength(MAX_FIELD_MESSAGES);
    expect(bounded.every((m) => m.path.length === 200)).toBe(true);
  });
});

describe('pageMeta', () => {
  it('counts pages from zero', () => {
    expect(pageMeta(0, 2, 5)).toEqual({ page: 0, limit: 2, total: 5, totalPages: 3 });
    expect(pageMeta(0, 25, 0)).toEqual({ page: 0, limit: 25, total: 0, totalPages: 0 });
  });
});
