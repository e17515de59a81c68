import {
  fieldTitles,
  localize,
  schemaAtPath,
  translatablePaths,
  valueAtPath,
  type ContentTranslations,
  type FieldTexts,
} from '@engine/core';
import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import type { ContentUntranslated } from '@schemas/entities/content-translations.schema';
import { productInputSchema, shopSettingsSchema } from '@schemas/entities/incentives.schema';
import { navigationItemSchema } from '@schemas/entities/navigation.schema';
import { footerSettingsSchema, siteSettingsSchema } from '@schemas/entities/settings.schema';
import { cookieDisclaimerBodySchema } from '@schemas/entities/site-admin.schema';
import { taxonomyTermSchema, vocabularySchema } from '@schemas/entities/taxonomy.schema';
import { HttpError, type FieldMessage } from '@engine/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Repositories } from '../repositories/create-repositories';
import type { TableContent } from '../repositories/content-translations';
import type { SettingsKey } from '../repositories/settings';
import { INVALID_FIELDS } from './messages';
import { DEFAULT_LANGUAGE, keptAudienceOf } from './storefront-audience';
import { visitorLanguage } from './visitor-language';

interface SourceBase {
  /** Its name in paths (`content-translations/{key}/{id}`). */
  key: string;
  /** English source of its name in the translations admin. */
  label: string;
  /** The schema whose `x-translatable` fields it has. */
  schema: object;
  /** The access flag that edits it. */
  flag: AccessFlag;
  /** Where the portal edits it (`:id` for the entity's id); empty when nowhere. */
  editPath: string;
}

/**
 * Rows of a table, whose translatable fields are its columns: a field by its name, a field of a
 * nested object by its path with `_` for the dots (`image.alt` in `image_alt`).
 */
interface TableSource extends SourceBase {
  table: string;
  id: string;
}

/** A settings document, with its fields as its schema names them. */
interface DocumentSource extends SourceBase {
  document: SettingsKey;
  /** The document in its schema's shape, when stored otherwise. */
  read?(stored: unknown): unknown;
}

export type ContentSource = TableSource | DocumentSource;

/** Where settings documents keep their texts: entity `settings`, id the document's key. */
const SETTINGS_ENTITY = 'settings';

/**
 * Content whose texts administrators enter and users read. Which fields each has comes from its
 * schema's `x-translatable` declarations; this list says only where the content is stored, who
 * edits it and where.
 */
export const contentSources: readonly ContentSource[] = [
  {
    key: 'site',
    label: 'Site settings',
    schema: siteSettingsSchema,
    flag: 'site_manage',
    editPath: '/settings/site/settings',
    document: 'site',
  },
  {
    key: 'footer',
    label: 'Footer',
    schema: footerSettingsSchema,
    flag: 'site_manage',
    editPath: '/settings/site/footer',
    document: 'footer',
  },
  {
    key: 'cookie_disclaimer',
    label: 'Cookie banner',
    schema: cookieDisclaimerBodySchema,
    flag: 'site_manage',
    editPath: '/settings/site/cookies',
    document: 'cookie_disclaimer',
    read: (stored) => ({ disclaimer_text: (stored as { text: string }).text }),
  },
  {
    key: 'incentive_shop',
    label: 'Reward shop',
    schema: shopSettingsSchema,
    flag: 'incentives_shop_settings_available',
    editPath: '/settings/incentives/shop',
    document: 'incentive_shop',
  },
  {
    key: 'incentive_product',
    label: 'Rewards',
    schema: productInputSchema,
    flag: 'incentives_shop_settings_available',
    editPath: '/settings/incentives/products/:id/edit',
    table: 'incentive_products',
    id: 'id',
  },
  {
    key: 'vocabulary',
    label: 'Catalogue filter groups',
    schema: vocabularySchema,
    flag: 'site_manage',
    editPath: '',
    table: 'vocabularies',
    id: 'machine_name',
  },
  {
    key: 'taxonomy_term',
    label: 'Catalogue terms',
    schema: taxonomyTermSchema,
    flag: 'site_manage',
    editPath: '',
    table: 'taxonomy_terms',
    id: 'tid',
  },
  {
    key: 'navigation_item',
    label: 'Navigation',
    schema: navigationItemSchema,
    flag: 'site_manage',
    editPath: '',
    table: 'navigation_items',
    id: 'id',
  },
];

const isDocument = (source: ContentSource): source is DocumentSource => 'document' in source;

/** Where a table source keeps its translatable fields' default-language texts. */
function tableContent(source: TableSource): TableContent {
  return {
    entity: source.key,
    table: source.table,
    id: source.id,
    fields: translatablePaths(source.schema).map((field) => ({
      field,
      column: field.replaceAll('.', '_'),
    })),
  };
}

/** An object in a schema's shape from texts by field path (`{ 'image.alt': 'x' }`). */
function fromPaths(texts: FieldTexts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(texts)) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let node = out;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[last] = text;
  }
  return out;
}

/** The source declared under a key. */
export function contentSource(key: string): ContentSource | undefined {
  return contentSources.find((s) => s.key === key);
}

/** The source that keeps a settings document's texts. */
function documentSource(document: SettingsKey): DocumentSource {
  const found = contentSources.find((s) => isDocument(s) && s.document === document);
  if (!found) throw new Error(`No content source declares the settings document ${document}`);
  return found as DocumentSource;
}

/** Where a source keeps the texts of one of its entities: entity and id in content_translations. */
function storedAs(source: ContentSource, id: string): { entity: string; id: string } {
  return isDocument(source)
    ? { entity: SETTINGS_ENTITY, id: source.document }
    : { entity: source.key, id };
}

/** The site's default language, kept until the settings change. */
export async function siteLanguage(app: FastifyInstance): Promise<string> {
  const regional = await app.cache.get('settings:regional', ['settings'], () =>
    app.repos.settings.get('regional'),
  );
  return regional.default_language || DEFAULT_LANGUAGE;
}

/**
 * The language a request reads texts in: the caller's own, else the one a visitor chose or their
 * browser asks for ({@link visitorLanguage}), else the site's default.
 */
export async function requestLanguage(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string> {
  if (request.access.signedIn) {
    const { own } = await keptAudienceOf(app, request.access.uid);
    if (own) return own;
  }
  const languages = await app.cache.get('languages:list', ['languages'], () =>
    app.repos.languages.list(),
  );
  return visitorLanguage(request, languages, await siteLanguage(app));
}

/**
 * Rows with their translatable fields in `langcode`, where an administrator gave them a text
 * there (one query for all rows); the default language's text otherwise.
 */
export async function localizeRows<T>(
  app: FastifyInstance,
  sourceKey: string,
  rows: readonly T[],
  idOf: (row: T) => string | number,
  langcode: string,
  schema?: object,
): Promise<T[]> {
  const source = contentSource(sourceKey);
  if (!source) throw new Error(`No content source ${sourceKey}`);
  if (!rows.length || langcode === (await siteLanguage(app))) return [...rows];
  const texts = await app.repos.contentTranslations.textsOf(
    source.key,
    langcode,
    rows.map((row) => String(idOf(row))),
  );
  return rows.map((row) => localize(schema ?? source.schema, row, texts.get(String(idOf(row)))));
}

/** A settings document (in its schema's shape) with its translatable fields in `langcode`. */
export async function localizeDocument<T>(
  app: FastifyInstance,
  document: SettingsKey,
  value: T,
  langcode: string,
): Promise<T> {
  if (langcode === (await siteLanguage(app))) return value;
  const source = documentSource(document);
  const texts = await app.repos.contentTranslations.textsOf(SETTINGS_ENTITY, langcode, [document]);
  return localize(source.schema, value, texts.get(document));
}

/**
 * What is wrong with texts per language sent for a source's fields, at `translations[ar][title]`:
 * a language the site does not have (or its default language, whose text is the field itself), a
 * field that is not translatable, a text longer than the field allows.
 */
export async function translationProblems(
  repos: Repositories,
  schema: object,
  translations: ContentTranslations,
  at = 'translations',
): Promise<FieldMessage[]> {
  const [languages, regional] = await Promise.all([
    repos.languages.list(),
    repos.settings.get('regional'),
  ]);
  const known = new Set(languages.map((l) => l.langcode));
  const fields = new Set(translatablePaths(schema));
  const problems: FieldMessage[] = [];
  const bracket = (path: string) =>
    path
      .split('.')
      .map((k) => `[${k}]`)
      .join('');
  for (const [langcode, texts] of Object.entries(translations)) {
    if (!known.has(langcode)) {
      problems.push({ path: `${at}[${langcode}]`, text: 'Not a language of this site' });
      continue;
    }
    if (langcode === (regional.default_language || DEFAULT_LANGUAGE)) {
      problems.push({
        path: `${at}[${langcode}]`,
        text: "The site's default language has its text in the field itself",
      });
      continue;
    }
    for (const [field, text] of Object.entries(texts)) {
      const where = `${at}[${langcode}]${bracket(field)}`;
      if (!fields.has(field)) {
        problems.push({ path: where, text: 'Not a field with a text per language' });
        continue;
      }
      const max = schemaAtPath(schema, field)?.maxLength;
      if (typeof max === 'number' && text.length > max)
        problems.push({ path: where, text: `Must be at most ${max} characters` });
    }
  }
  return problems;
}

/** Throws a 400 listing every problem of {@link translationProblems}. */
export async function assertTranslations(
  repos: Repositories,
  schema: object,
  translations: ContentTranslations | undefined,
): Promise<void> {
  if (!translations) return;
  const problems = await translationProblems(repos, schema, translations);
  if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
}

/** Applies `clean` to each text of `translations` (e.g. sanitizing HTML per language). */
export function mapTexts(
  translations: ContentTranslations,
  clean: (text: string, field: string) => string,
): ContentTranslations {
  return Object.fromEntries(
    Object.entries(translations).map(([lang, texts]) => [
      lang,
      Object.fromEntries(Object.entries(texts).map(([f, t]) => [f, t === '' ? t : clean(t, f)])),
    ]),
  );
}

/** Saves texts per language of one entity of a source (inside the entity's transaction). */
export async function saveTranslations(
  repos: Repositories,
  sourceKey: string,
  id: string | number,
  translations: ContentTranslations | undefined,
): Promise<void> {
  if (!translations) return;
  const source = contentSource(sourceKey);
  if (!source) throw new Error(`No content source ${sourceKey}`);
  const at = storedAs(source, String(id));
  await repos.contentTranslations.save(at.entity, at.id, translations);
}

/** Every language's texts of one entity of a source. */
export async function translationsOf(
  repos: Repositories,
  sourceKey: string,
  id: string | number,
): Promise<ContentTranslations> {
  const source = contentSource(sourceKey);
  if (!source) throw new Error(`No content source ${sourceKey}`);
  const at = storedAs(source, String(id));
  return repos.contentTranslations.allOf(at.entity, at.id);
}

/** Removes every language's texts of a removed entity. */
export async function removeTranslations(
  repos: Repositories,
  sourceKey: string,
  id: string | number,
): Promise<void> {
  const source = contentSource(sourceKey);
  if (!source) return;
  const at = storedAs(source, String(id));
  await repos.contentTranslations.removeEntity(at.entity, at.id);
}

/** A source's entity in its schema's shape, or undefined when there is none with that id. */
export async function sourceValue(
  repos: Repositories,
  source: ContentSource,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  if (isDocument(source)) {
    if (id !== source.document) return undefined;
    const stored: unknown = await repos.settings.get(source.document);
    return (source.read ? source.read(stored) : stored) as Record<string, unknown>;
  }
  const texts = await repos.contentTranslations.rowTexts(tableContent(source), id);
  return texts && fromPaths(texts);
}

/** The default-language texts of an entity's translatable fields, by field path. */
export function sourceTexts(source: ContentSource, value: unknown): FieldTexts {
  const out: FieldTexts = {};
  for (const path of translatablePaths(source.schema)) {
    const text = valueAtPath(value, path);
    if (typeof text === 'string') out[path] = text;
  }
  return out;
}

/** How many texts of each source lack `langcode`, and the first `limit` of them. */
export async function untranslatedContent(
  repos: Repositories,
  langcode: string,
  limit: number,
): Promise<ContentUntranslated> {
  const sources = [];
  const items = [];
  for (const source of contentSources) {
    let found: { total: number; items: { id: string; field: string; text: string }[] };
    if (isDocument(source)) {
      const stored = await repos.settings.get(source.document);
      const value = source.read ? source.read(stored) : stored;
      const texts = (
        await repos.contentTranslations.textsOf(SETTINGS_ENTITY, langcode, [source.document])
      ).get(source.document);
      const missing = Object.entries(sourceTexts(source, value)).filter(
        ([field, text]) => text.trim() !== '' && !texts?.[field],
      );
      found = {
        total: missing.length,
        items: missing.map(([field, text]) => ({ id: source.document, field, text })),
      };
    } else {
      const result = await repos.contentTranslations.untranslatedIn(
        tableContent(source),
        langcode,
        Math.max(0, limit - items.length),
      );
      found = {
        total: result.total,
        items: result.items.map((i) => ({ id: i.entity_id, field: i.field, text: i.source })),
      };
    }
    sources.push({
      source: source.key,
      label: source.label,
      fields: translatablePaths(source.schema).map((field) => ({
        field,
        titles: fieldTitles(source.schema, field),
      })),
      untranslated: found.total,
      edit_path: source.editPath,
    });
    for (const item of found.items)
      if (items.length < limit) items.push({ source: source.key, ...item });
  }
  return { total: sources.reduce((sum, s) => sum + s.untranslated, 0), sources, items };
}
