import { ApiRequestError, bracketToDotted, type ContentTranslations } from '@engine/core';
import type { SiteSettings } from '@schemas/entities/settings.schema';
import { siteSettingsFormSchema, type SiteSettingsForm } from '@schemas/forms/site-settings.schema';

type Group = keyof typeof siteSettingsFormSchema.properties;
type Field = keyof SiteSettings;

/** Each setting with the form group (fieldset) that shows it, read from the form schema. */
const groupOf = new Map<string, Group>(
  (Object.entries(siteSettingsFormSchema.properties) as [Group, { properties: object }][]).flatMap(
    ([group, schema]) => Object.keys(schema.properties).map((field) => [field, group] as const),
  ),
);

/** Switches that are on when the stored settings do not mention them. */
const onWhenAbsent: Partial<Record<Field, true>> = {
  catalog_enabled: true,
  storefront_page_enabled: true,
};

const stored = (settings: SiteSettings, field: Field) => settings[field] ?? onWhenAbsent[field];

/** The form's starting data: the stored settings, grouped. */
export function siteSettingsFormData(settings: SiteSettings): SiteSettingsForm {
  const data: Record<string, Record<string, unknown>> = {};
  for (const [field, group] of groupOf) {
    (data[group] ??= {})[field] = stored(settings, field as Field);
  }
  return data;
}

/**
 * The fields whose value differs from the stored settings, flat, as `POST settings/site` takes
 * them. Empty when nothing changed.
 */
export function changedSiteSettings(
  settings: SiteSettings,
  data: SiteSettingsForm,
): Partial<SiteSettings> {
  const patch: Record<string, unknown> = {};
  for (const [field, group] of groupOf) {
    const value = (data[group] as Record<string, unknown> | undefined)?.[field];
    if (value !== undefined && value !== stored(settings, field as Field)) patch[field] = value;
  }
  return patch;
}

/** The texts per language the server keeps by setting (`site_name`), by form path (`names.site_name`). */
export function groupedTexts(translations: ContentTranslations): ContentTranslations {
  return Object.fromEntries(
    Object.entries(translations).map(([langcode, texts]) => [
      langcode,
      Object.fromEntries(
        Object.entries(texts).map(([field, text]) => {
          const group = groupOf.get(field);
          return [group ? `${group}.${field}` : field, text];
        }),
      ),
    ]),
  );
}

/** The texts per language by form path (`names.site_name`), as the server takes them (`site_name`). */
export function flatTexts(translations: ContentTranslations): ContentTranslations {
  return Object.fromEntries(
    Object.entries(translations).map(([langcode, texts]) => [
      langcode,
      Object.fromEntries(
        Object.entries(texts).map(([path, text]) => [path.slice(path.indexOf('.') + 1), text]),
      ),
    ]),
  );
}

/** A failed save with its field paths (`site_name`) moved to the form's (`names.site_name`). */
export function groupedErrors(error: ApiRequestError | null): ApiRequestError | null {
  if (!error?.messages.length) return error;
  return new ApiRequestError(error.status, error.message, {
    body: error.body,
    messages: error.messages.map((m) => {
      const [field = ''] = bracketToDotted(m.path).split('.');
      const group = groupOf.get(field);
      return group ? { ...m, path: `${group}.${bracketToDotted(m.path)}` } : m;
    }),
  });
}
