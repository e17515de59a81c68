import { createContext, useContext, type ReactNode } from 'react';
import { createTranslator, type Translator } from '../core';

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
