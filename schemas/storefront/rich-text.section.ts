import type { FromSchema } from 'json-schema-to-ts';
import {
  allRestrictions,
  sectionAppearanceProperties,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/** Rich text: administrator HTML, sanitized when saved and when served. */
export const richTextContentSchema = {
  $id: 'atrium:section:rich_text:content',
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: { type: 'string', maxLength: 50_000 },
  },
} as const;
export type RichTextContent = FromSchema<typeof richTextContentSchema>;

export const richTextSettingsSchema = {
  $id: 'atrium:section:rich_text:settings',
  type: 'object',
  additionalProperties: false,
  properties: sectionSettingsProperties,
} as const;

export const richTextAppearanceSchema = {
  $id: 'atrium:section:rich_text:appearance',
  type: 'object',
  additionalProperties: false,
  properties: sectionAppearanceProperties,
} as const;

export const richTextSection = {
  type: 'rich_text',
  label: 'Rich text',
  renderer: 'rich-text',
  content: richTextContentSchema,
  settings: richTextSettingsSchema,
  appearance: richTextAppearanceSchema,
  defaults: {
    content: { html: '' },
    settings: sharedSettingsDefaults,
    appearance: sharedAppearanceDefaults,
  },
  restrictions: allRestrictions,
} as const;
