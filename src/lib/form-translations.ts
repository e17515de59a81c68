import type { ContentTranslations } from '@engine/core';
import type { FormLanguage, FormTranslations } from '@engine/react/schema-form';
import type { Language } from '@schemas/entities/language.schema';
import { useMemo, useState } from 'react';
import { useGeneralSettings } from './queries/general-settings';
import { useLanguages } from './queries/languages';

/**
 * The texts in the site's other languages a form edits beside its data, starting from what the
 * server has: hand `translations` to the SchemaForm and send `value` with the form's data.
 * `translations` is undefined while the site's languages load (the form then shows the default
 * language only).
 *
 * @example
 * const texts = useFormTranslations(product.data?.translations);
 * <SchemaForm translations={texts.translations} onSubmit={(d) => save({ ...d, translations: texts.value })} />
 */
export function useFormTranslations(initial: ContentTranslations | undefined): {
  translations: FormTranslations | undefined;
  value: ContentTranslations;
} {
  const languages = useLanguages();
  const general = useGeneralSettings();
  const [edited, setEdited] = useState<ContentTranslations | undefined>(undefined);
  const value = useMemo(() => edited ?? initial ?? {}, [edited, initial]);
  const defaultCode = general.data?.default_language;
  const translations = useMemo((): FormTranslations | undefined => {
    if (!languages.data || !defaultCode) return undefined;
    const asForm = (l: Language): FormLanguage => ({
      langcode: l.langcode,
      name: l.name,
      ...(l.native_name ? { nativeName: l.native_name } : {}),
      dir: l.direction === 1 ? 'rtl' : 'ltr',
    });
    const first = languages.data.find((l) => l.langcode === defaultCode);
    if (!first) return undefined;
    return {
      defaultLanguage: asForm(first),
      languages: languages.data.filter((l) => l.langcode !== defaultCode).map(asForm),
      value,
      onChange: setEdited,
    };
  }, [languages.data, defaultCode, value]);
  return { translations, value };
}
