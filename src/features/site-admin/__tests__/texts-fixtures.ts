import type { Language } from '@schemas/entities/language.schema';

export const language = (
  langcode: string,
  name: string,
  over: Partial<Language> = {},
): Language => ({
  langcode,
  name,
  native_name: '',
  direction: 0,
  weight: 0,
  ...over,
});

/** English, Arabic and French, in that order. */
export const siteLanguages = (): Language[] => [
  language('en', 'English', { native_name: 'English', weight: 0 }),
  language('ar', 'Arabic', { native_name: 'العربية', direction: 1, weight: 1 }),
  language('fr', 'French', { native_name: 'Français', weight: 2 }),
];
