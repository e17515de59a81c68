import type { IntlMessageFormat } from 'intl-messageformat';
import type { Language, Translation } from '@schemas/entities/language.schema';

/** The ICU message formatter, which only translated plural strings need (see `loadMessageFormat`). */
export type MessageFormat = typeof IntlMessageFormat;

/** Separates the singular and plural source of a plural string (as the translation keys do). */
const PLURAL_SEPARATOR = '\u0003';

/**
 * Translates interface strings. Sources are the English strings themselves.
 *
 * @example
 * t.t('Hello @name', { name: 'Ada' });
 * t.plural(3, '@count point', '@count points'); // '3 points'
 */
export interface Translator {
  language: string;
  dir: 'ltr' | 'rtl';
  /** Looks the source up and fills `@name` placeholders. */
  t: (source: string, params?: Record<string, string | number>) => string;
  /** The time zone dates are shown in: the user's, else the site's, else UTC. */
  timeZone: string;
  /** Site date formats by name (`date_time_formats`), PHP style. */
  dateFormats: Record<string, string>;
  /** Writes a number as the interface language does (`1,234` in English). */
  number: (value: number) => string;
  /** Picks the plural form for `count` (also available as `@count`). */
  plural: (
    count: number,
    singular: string,
    plural: string,
    params?: Record<string, string | number>,
  ) => string;
}

/** English (`en`, `en-GB`…), whose whole numbers {@link englishWholeNumber} writes. */
const ENGLISH = /^en(?:-|$)/i;

/**
 * A whole number as `Intl.NumberFormat('en')` writes it (`-1,234,567`). The first number format
 * a Chromium page builds loads the locale data and holds the page up for tens of milliseconds:
 * English pages, which show counts and points everywhere, go without it.
 */
function englishWholeNumber(value: number): string {
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

function fill(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** Whether a translation is an ICU plural message, which needs the {@link MessageFormat}. */
function isIcuPlural(source: string, translation: string): boolean {
  return (
    source.includes(PLURAL_SEPARATOR) &&
    translation !== '' &&
    !translation.includes(PLURAL_SEPARATOR)
  );
}

/**
 * Whether these translations hold an ICU plural message, so that the translator needs the
 * message formatter ({@link loadMessageFormat}). English and plain strings never do.
 */
export function needsMessageFormat(translations: readonly Translation[]): boolean {
  return translations.some(({ source, translation }) => isIcuPlural(source, translation));
}

/**
 * Loads the ICU message formatter (intl-messageformat and its parser) on its own, so that pages
 * in English, and every page until its translations are in, go without it.
 */
export function loadMessageFormat(): Promise<MessageFormat> {
  const load = () => import('intl-messageformat').then((module) => module.IntlMessageFormat);
  // A lost request is tried once more before plural strings settle for their English forms.
  const again = () => new Promise((resolve) => setTimeout(resolve, 1000)).then(load);
  return load().catch(again);
}

/**
 * Builds a {@link Translator} from the server's source/translation list. Plural strings are
 * keyed by `singular + '\u0003' + plural`; their translation may be an ICU plural message
 * using `count`, e.g. `{count, plural, one {# نقطة} other {# نقاط}}`, formatted with
 * `messageFormat` (without it, or when the message is malformed, the English forms are used).
 *
 * @example
 * const t = createTranslator({ language: 'ar', dir: 'rtl', translations: [{ source: 'Log in', translation: 'تسجيل الدخول' }] });
 * t.t('Log in'); // 'تسجيل الدخول'
 */
export function createTranslator(o: {
  language: string;
  dir?: 'ltr' | 'rtl';
  translations: Translation[];
  /** Site formats by name (`date_time_formats`), PHP style. */
  dateFormats?: Record<string, string>;
  timeZone?: string;
  /** The ICU message formatter, for translations that {@link needsMessageFormat}. */
  messageFormat?: MessageFormat;
}): Translator {
  const timeZone = o.timeZone || 'UTC';
  const dateFormats = o.dateFormats ?? {};
  const lookup = new Map<string, string>();
  for (const { source, translation } of o.translations) {
    if (translation !== '') lookup.set(source, translation);
  }
  const compiled = new Map<string, IntlMessageFormat | null>();
  // Building Intl objects costs far more than using them (the first one loads the locale
  // data): one of each per translator, when first needed.
  let pluralRules: Intl.PluralRules | undefined;
  let englishPluralRules: Intl.PluralRules | undefined;
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const formatNumber = (value: number, language: string): string => {
    if (Number.isSafeInteger(value) && ENGLISH.test(language)) return englishWholeNumber(value);
    let format = numberFormats.get(language);
    if (!format) {
      format = new Intl.NumberFormat(language);
      numberFormats.set(language, format);
    }
    return format.format(value);
  };

  const compile = (
    Format: MessageFormat,
    key: string,
    message: string,
    locale: string,
  ): IntlMessageFormat | null => {
    const cacheKey = `${locale}${PLURAL_SEPARATOR}${key}`;
    if (!compiled.has(cacheKey)) {
      let format: IntlMessageFormat | null;
      try {
        format = new Format(message, locale);
      } catch {
        // A malformed translation falls back to the English forms instead of breaking the page.
        format = null;
      }
      compiled.set(cacheKey, format);
    }
    return compiled.get(cacheKey) ?? null;
  };

  const format = (
    f: IntlMessageFormat,
    count: number,
    params?: Record<string, string | number>,
  ): string => {
    const out = f.format({ ...params, count });
    return fill(Array.isArray(out) ? out.join('') : String(out), { ...params, count });
  };

  return {
    language: o.language,
    dir: o.dir ?? 'ltr',
    timeZone,
    dateFormats,
    t: (source, params) => fill(lookup.get(source) ?? source, params),
    number: (value) => formatNumber(value, o.language),
    plural(count, singular, plural, params) {
      const key = singular + PLURAL_SEPARATOR + plural;
      const translation = lookup.get(key);
      if (translation !== undefined) {
        if (translation.includes(PLURAL_SEPARATOR)) {
          // Legacy "form1\u0003form2" translations: one/other only.
          const forms = translation.split(PLURAL_SEPARATOR);
          const rule = (pluralRules ??= new Intl.PluralRules(o.language)).select(count);
          const text = (rule === 'one' ? forms[0] : forms[forms.length - 1]) ?? plural;
          return fill(text, { ...params, count });
        }
        const f = o.messageFormat && compile(o.messageFormat, key, translation, o.language);
        if (f) return format(f, count, params);
      }
      englishPluralRules ??= new Intl.PluralRules('en');
      const form = englishPluralRules.select(count) === 'one' ? singular : plural;
      return fill(form, { ...params, count: formatNumber(count, 'en') });
    },
  };
}

/**
 * The interface language: the user's, else the site's current one, else `en`. The code
 * `origin` (the untranslated source) means English.
 *
 * @example
 * resolveLanguage(null, 'ar'); // 'ar'
 * resolveLanguage('origin', 'ar'); // 'en'
 */
export function resolveLanguage(user?: string | null, site?: string | null): string {
  const chosen = user || site || 'en';
  return chosen === 'origin' ? 'en' : chosen;
}

/**
 * Text direction of a language from the site's list (`direction` truthy means rtl).
 *
 * @example
 * directionOf('ar', languages); // 'rtl'
 */
export function directionOf(langcode: string, languages: Language[]): 'ltr' | 'rtl' {
  const code = langcode === 'origin' ? 'en' : langcode;
  const language = languages.find((l) => (l.langcode === 'origin' ? 'en' : l.langcode) === code);
  return language?.direction ? 'rtl' : 'ltr';
}
