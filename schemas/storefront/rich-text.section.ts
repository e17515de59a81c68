import type { FromSchema } from 'json-schema-to-ts';
import {
  allRestrictions,
  sectionAppearanceProperties,
  sectionAppearanceUi,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/** Rich text: administrator HTML, sanitized when saved and when served (its field says so). */
export const richTextContentSchema = {
  $id: 'atrium:section:rich_text:content',
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: {
      type: 'string',
      title: 'Text (HTML)',
      maxLength: 50_000,
      // Administrator HTML: the server sanitizes it when saved and when served.
      contentMediaType: 'text/html',
    },
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
  ui: {
    content: {
      html: {
        'ui:widget': 'textarea',
        'ui:options': { rows: 10 },
        'ui:help': 'Headings, paragraphs, lists, links and images; scripts are removed.',
      },
    },
    appearance: sectionAppearanceUi,
  },
} as const;
