import type { FromSchema } from 'json-schema-to-ts';
import { appearanceAttributes } from './appearance-attributes';
import { embed } from './common.schema';

export { appearanceAttributes };

/** A colour as a theme holds it: `#` and 3 or 6 hexadecimal digits, nothing else. */
export const colorPattern = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
const colorValue = { type: 'string', pattern: colorPattern } as const;
/** A radius in pixels. */
const radiusValue = { type: 'number', minimum: 0, maximum: 100 } as const;

/**
 * The colours a theme may set, and only these: each becomes the CSS variable `--color-<key>`
 * (with `-contrast` and `-hover`) on every page, so a key is part of the page's stylesheet and
 * cannot be left to whoever saves the theme. `title` is the field's label in the appearance
 * editor, which shows them in this order; the four required ones are in every saved theme.
 */
export const appearanceColorsSchema = {
  $id: 'atrium:appearance-colors',
  type: 'object',
  additionalProperties: false,
  required: ['primary', 'secondary', 'header', 'sidebar_menu'],
  properties: {
    primary: { ...colorValue, title: 'Primary' },
    secondary: { ...colorValue, title: 'Secondary' },
    header: { ...colorValue, title: 'Header' },
    sidebar_menu: { ...colorValue, title: 'Sidebar menu' },
    sidebar_menu_active: { ...colorValue, title: 'Active sidebar menu item' },
    text: { ...colorValue, title: 'Text' },
    text_muted: { ...colorValue, title: 'Muted text' },
    background: { ...colorValue, title: 'Page background' },
    surface: { ...colorValue, title: 'Surface' },
    border: { ...colorValue, title: 'Border' },
    success: { ...colorValue, title: 'Success' },
    warning: { ...colorValue, title: 'Warning' },
    error: { ...colorValue, title: 'Error' },
    info: { ...colorValue, title: 'Information' },
    footer: { ...colorValue, title: 'Footer' },
  },
} as const;

/**
 * The radii a theme may set, in pixels, and only these: each becomes `--radius-<key>`. `title`
 * is the field's label in the appearance editor, which shows them in this order.
 */
export const appearanceRoundnessSchema = {
  $id: 'atrium:appearance-roundness',
  type: 'object',
  additionalProperties: false,
  properties: {
    small: { ...radiusValue, title: 'Small' },
    medium: { ...radiusValue, title: 'Medium' },
    large: { ...radiusValue, title: 'Large' },
    button: { ...radiusValue, title: 'Buttons' },
    card: { ...radiusValue, title: 'Cards' },
    input: { ...radiusValue, title: 'Input fields' },
  },
} as const;

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
 * Appearance as stored and served. Colour and roundness keys are snake_case on the wire (see
 * {@link appearanceColorsSchema} and {@link appearanceRoundnessSchema}).
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
    colors: embed(appearanceColorsSchema),
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
    roundness: embed(appearanceRoundnessSchema),
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

/**
 * The theme of a site that has saved none, or has reset its own: the portal's built-in look
 * (the values `src/shell/styles/global.css` falls back to).
 */
export const appearanceDefaults = {
  colors: { primary: '#2f5bea', secondary: '#0f766e', header: '#ffffff', sidebar_menu: '#1e293b' },
  roundness: { small: 4, medium: 8, large: 16 },
} as const satisfies Appearance;

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
