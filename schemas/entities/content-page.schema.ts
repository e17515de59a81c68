import type { FromSchema } from 'json-schema-to-ts';
import { embed, instantSchema } from './common.schema';

const instant = embed(instantSchema);
const pageKey = { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 } as const;
const langcode = { type: 'string', minLength: 2, maxLength: 20 } as const;

/**
 * A content page as readers get it (`GET content-pages/{key}`): its title and text (HTML,
 * sanitized) in the language asked for, or in the site's default language when it has none in
 * that one (`language` says which).
 */
export const contentPageSchema = {
  $id: 'atrium:content-page',
  type: 'object',
  required: ['key', 'language', 'title', 'body'],
  additionalProperties: false,
  properties: {
    key: pageKey,
    language: langcode,
    title: { type: 'string' },
    body: { type: 'string' },
  },
} as const;
export type ContentPage = FromSchema<typeof contentPageSchema>;

export const contentPageQuerySchema = {
  $id: 'atrium:content-page-query',
  type: 'object',
  additionalProperties: false,
  properties: { language: langcode },
} as const;

/** What an administrator writes for one language of a page. */
export const contentPageBodySchema = {
  $id: 'atrium:content-page-body',
  type: 'object',
  required: ['title', 'body'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    // Administrator HTML: sanitized when saved and when served.
    body: { type: 'string', maxLength: 100000, contentMediaType: 'text/html' },
  },
} as const;
export type ContentPageBody = FromSchema<typeof contentPageBodySchema>;

/** One language's version of a page, for its editor. */
export const contentPageVersionSchema = {
  $id: 'atrium:content-page-version',
  type: 'object',
  required: ['langcode', 'title', 'body', 'updated_at'],
  additionalProperties: false,
  properties: {
    langcode,
    title: { type: 'string' },
    body: { type: 'string' },
    updated_at: instant,
  },
} as const;
export type ContentPageVersion = FromSchema<typeof contentPageVersionSchema>;

/**
 * A content page in the administrators' list and editor: its key, its address and English name
 * (from routes.config.json) and the languages it is written in, with their text for the editor.
 */
export const contentPageAdminSchema = {
  $id: 'atrium:content-page-admin',
  type: 'object',
  required: ['key', 'path', 'name', 'versions'],
  additionalProperties: false,
  properties: {
    key: pageKey,
    path: { type: 'string' },
    name: { type: 'string' },
    versions: { type: 'array', items: embed(contentPageVersionSchema) },
  },
} as const;
export type ContentPageAdmin = FromSchema<typeof contentPageAdminSchema>;

export const contentPageKeyParamsSchema = {
  $id: 'atrium:content-page-key-params',
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: { key: pageKey },
} as const;

export const contentPageVersionParamsSchema = {
  $id: 'atrium:content-page-version-params',
  type: 'object',
  required: ['key', 'langcode'],
  additionalProperties: false,
  properties: { key: pageKey, langcode },
} as const;
