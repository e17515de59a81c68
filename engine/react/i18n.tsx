import type { Translation } from '@schemas/entities/language.schema';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  createTranslator,
  loadMessageFormat,
  needsMessageFormat,
  type MessageFormat,
  type Translator,
} from '../core';

const english = createTranslator({ language: 'en', dir: 'ltr', translations: [] });
const I18nContext = createContext<Translator>(english);

/**
 * Provides the interface translator to the tree.
 *
 * @example
 * <I18nProvider translator={createTranslator({ language: 'ar', dir: 'rtl', translations })}><App /></I18nProvider>
 */
export function I18nProvider(p: { translator: Translator; children?: ReactNode }) {
  return <I18nContext.Provider value={p.translator}>{p.children}</I18nContext.Provider>;
}

/**
 * The current translator; English (untranslated) outside an {@link I18nProvider}.
 *
 * @example
 * const t = useT();
 * return <button>{t.t('Log in')}</button>;
 */
export function useT(): Translator {
  return useContext(I18nContext);
}

/**
 * The ICU message formatter for `translations`, loaded only when they hold an ICU plural
 * message: `ready` once it is loaded or not needed. Should it fail to load, `ready` is true
 * without it, and plural strings show their English forms.
 *
 * @example
 * const icu = useMessageFormat(translations.data);
 * createTranslator({ language, translations, messageFormat: icu.messageFormat });
 */
export function useMessageFormat(translations: readonly Translation[] | undefined): {
  ready: boolean;
  messageFormat: MessageFormat | undefined;
} {
  const needed = translations !== undefined && needsMessageFormat(translations);
  const [loaded, setLoaded] = useState<{ format?: MessageFormat }>();
  useEffect(() => {
    if (!needed || loaded) return;
    let current = true;
    loadMessageFormat().then(
      (format) => current && setLoaded({ format }),
      () => current && setLoaded({}),
    );
    return () => {
      current = false;
    };
  }, [needed, loaded]);
  return { ready: !needed || loaded !== undefined, messageFormat: loaded?.format };
}
