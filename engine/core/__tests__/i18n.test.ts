import type { Language } from '@schemas/entities/language.schema';
import { describe, expect, it } from 'vitest';
import {
  createTranslator,
  directionOf,
  loadMessageFormat,
  needsMessageFormat,
  resolveLanguage,
} from '../index';

const POINTS = '@count point\u0003@count points';

describe('createTranslator', () => {
  it('looks strings up by source and fills @placeholders', () => {
    const t = createTranslator({
      language: 'ar',
      dir: 'rtl',
      translations: [
        { source: 'Log in', translation: 'تسجيل الدخول' },
        { source: 'Hello @name', translation: 'مرحبا @name' },
      ],
    });
    expect(t.t('Log in')).toBe('تسجيل الدخول');
    expect(t.t('Hello @name', { name: 'Ada' })).toBe('مرحبا Ada');
    expect(t.t('Untranslated @x', { x: 1 })).toBe('Untranslated 1');
    expect(t.t('Keeps @unknown', {})).toBe('Keeps @unknown');
    expect(t.dir).toBe('rtl');
  });

  it('pluralises English from the two sources', () => {
    const t = createTranslator({ language: 'en', translations: [] });
    expect(t.plural(1, '@count point', '@count points')).toBe('1 point');
    expect(t.plural(0, '@count point', '@count points')).toBe('0 points');
    expect(t.plural(7, '@count point', '@count points')).toBe('7 points');
    expect(t.plural(2, "@name's {1} item #", "@name's @count items #", { name: 'Ada' })).toBe(
      "Ada's 2 items #",
    );
  });

  it('writes numbers as the interface language does', () => {
    const english = createTranslator({ language: 'en', translations: [] });
    const wholeNumbers = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, -1234, -999, 2 ** 53 - 1];
    for (const value of wholeNumbers)
      expect(english.number(value)).toBe(new Intl.NumberFormat('en').format(value));
    expect(english.number(1234.5)).toBe('1,234.5');
    expect(english.plural(12_345, '@count point', '@count points')).toBe('12,345 points');
    expect(createTranslator({ language: 'en-GB', translations: [] }).number(98_765)).toBe('98,765');
    const arabic = createTranslator({ language: 'ar-EG', translations: [] });
    expect(arabic.number(1234)).toBe(new Intl.NumberFormat('ar-EG').format(1234));
    expect(createTranslator({ language: 'de', translations: [] }).number(1234567)).toBe(
      '1.234.567',
    );
  });

  it('pluralises Arabic with an ICU translation and all six categories', async () => {
    const t = createTranslator({
      language: 'ar',
      messageFormat: await loadMessageFormat(),
      translations: [
        {
          source: POINTS,
          translation:
            '{count, plural, zero {لا نقاط} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}',
        },
      ],
    });
    expect([0, 1, 2, 3, 11, 100].map((n) => t.plural(n, '@count point', '@count points'))).toEqual([
      'لا نقاط',
      'نقطة واحدة',
      'نقطتان',
      '3 نقاط',
      '11 نقطة',
      '100 نقطة',
    ]);
  });

  it('falls back to the English forms when a translation is malformed', async () => {
    const t = createTranslator({
      language: 'ar',
      messageFormat: await loadMessageFormat(),
      translations: [{ source: POINTS, translation: '{count, plural, one {' }],
    });
    expect(t.plural(2, '@count point', '@count points')).toBe('2 points');
  });

  it('says which translations need the message formatter, and groups English counts', () => {
    const icu = { source: POINTS, translation: '{count, plural, other {# نقطة}}' };
    const legacy = { source: POINTS, translation: `نقطة${'\u0003'}نقاط` };
    expect(needsMessageFormat([{ source: 'Log in', translation: 'دخول' }, legacy])).toBe(false);
    expect(needsMessageFormat([{ source: POINTS, translation: '' }])).toBe(false);
    expect(needsMessageFormat([legacy, icu])).toBe(true);
    // Without the formatter, an ICU translation gives way to the English forms.
    const t = createTranslator({ language: 'ar', translations: [icu] });
    expect(t.plural(1200, '@count point', '@count points')).toBe('1,200 points');
  });
});

describe('language', () => {
  const languages: Language[] = [
    { langcode: 'en', name: 'English', direction: 0, weight: 0 },
    { langcode: 'ar', name: 'Arabic', direction: 1, weight: 1 },
  ];
  it('resolves user, then site, then en; origin means en', () => {
    expect(resolveLanguage('ar', 'en')).toBe('ar');
    expect(resolveLanguage(null, 'ar')).toBe('ar');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
    expect(resolveLanguage('origin', 'ar')).toBe('en');
    expect(resolveLanguage('', 'origin')).toBe('en');
  });
  it('reads the direction from the language list', () => {
    expect(directionOf('ar', languages)).toBe('rtl');
    expect(directionOf('en', languages)).toBe('ltr');
    expect(directionOf('fr', languages)).toBe('ltr');
  });
});
