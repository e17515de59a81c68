import type { FromSchema } from 'json-schema-to-ts';
import { embed } from './common.schema';

/** Attributes that `GET appearance?attributes[]=…` can ask for. */
export const appearanceAttributes = [
  'logo',
  'colors',
  'fonts',
  'roundness',
  'favicon',
  'site_background',
] as const;

const colorValue = { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' } as const;

export const fontFileSchema = {
  $id: 'atrium:font-file',
  type: 'object',
  required: ['style', 'weight', 'url', 'format'],
  additionalProperties: false,
  properties: {
    style: { type: 'string', enum: ['normal', 'italic'] },
    weight: { type: 'string', maxLength: 20 },
    url: { type: 'string', maxLength: 2048 },
    format: { type: 'string', enum: ['woff2', 'woff', 'truetype', 'opentype'] },
  },
} as const;

export const fontSchema = {
  $id: 'atrium:font',
  type: 'object',
  required: ['name', 'family', 'files'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 100 },
    family: { type: 'string', maxLength: 200 },
    files: { type: 'array', maxItems: 20, items: embed(fontFileSchema) },
    /** Icon fonts only (Material Symbols axes). */
    filled: { type: 'boolean' },
    grade: { type: 'number', minimum: -50, maximum: 200 },
    weight: { type: 'number', minimum: 100, maximum: 700 },
  },
} as const;
export type Font = FromSchema<typeof fontSchema>;

/**
 * Appearance as stored and served. Colour and roundness keys are snake_case on the wire; the
 * client turns them into camelCase (`sidebar_menu` -> `sidebarMenu`).
 */
export const appearanceSchema = {
  $id: 'atrium:appearance',
  type: 'object',
  additionalProperties: false,
  properties: {
    logo: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        url: { type: 'string', maxLength: 2048 },
        alt: { type: 'string', maxLength: 200 },
      },
    },
    colors: {
      type: 'object',
      additionalProperties: colorValue,
      required: ['primary', 'secondary', 'header', 'sidebar_menu'],
      properties: {
        primary: colorValue,
        secondary: colorValue,
        header: colorValue,
        sidebar_menu: colorValue,
      },
    },
    fonts: {
      type: 'object',
      additionalProperties: false,
      properties: {
        links: embed(fontSchema),
        body: embed(fontSchema),
        headings: embed(fontSchema),
        icons: embed(fontSchema),
      },
    },
    roundness: {
      type: 'object',
      additionalProperties: { type: 'number', minimum: 0, maximum: 100 },
    },
    favicon: { type: 'string', maxLength: 2048 },
    site_background: {
      type: 'object',
      additionalProperties: false,
      properties: {
        color: colorValue,
        image: { type: 'string', maxLength: 2048 },
      },
    },
  },
} as const;
export type Appearance = FromSchema<typeof appearanceSchema>;

export const appearanceQuerySchema = {
  $id: 'atrium:appearance-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    attributes: {
      type: 'array',
      items: { type: 'string', enum: appearanceAttributes },
      uniqueItems: true,
    },
  },
} as const;
