import type { FromSchema } from 'json-schema-to-ts';
import {
  allRestrictions,
  buttonSchemaFragment,
  sectionAppearanceProperties,
  sectionAppearanceUi,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/** Hero banner: a large image with a heading, a text and a button. */
export const heroContentSchema = {
  $id: 'atrium:section:hero:content',
  type: 'object',
  required: ['heading'],
  additionalProperties: false,
  properties: {
    image: {
      type: 'object',
      title: 'Image',
      required: ['url', 'alt'],
      additionalProperties: false,
      properties: {
        url: { type: 'string', title: 'Image address', maxLength: 2048 },
        alt: { type: 'string', title: 'Image description', maxLength: 300 },
      },
    },
    heading: { type: 'string', title: 'Heading', minLength: 1, maxLength: 200 },
    text: { type: 'string', title: 'Text', maxLength: 2000, default: '' },
    button: buttonSchemaFragment,
  },
} as const;
export type HeroContent = FromSchema<typeof heroContentSchema>;

export const heroSettingsSchema = {
  $id: 'atrium:section:hero:settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...sectionSettingsProperties,
    height: {
      type: 'string',
      title: 'Height',
      enum: ['small', 'medium', 'large'],
      default: 'medium',
    },
  },
} as const;

export const heroAppearanceSchema = {
  $id: 'atrium:section:hero:appearance',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...sectionAppearanceProperties,
    overlay: { type: 'boolean', title: 'Darken the image behind the text', default: true },
  },
} as const;

export const heroSection = {
  type: 'hero',
  label: 'Hero banner',
  renderer: 'hero',
  content: heroContentSchema,
  settings: heroSettingsSchema,
  appearance: heroAppearanceSchema,
  defaults: {
    content: {
      image: { url: '', alt: '' },
      heading: 'Welcome',
      text: '',
      button: { label: 'Browse trainings', url: '/storefront' },
    },
    settings: { ...sharedSettingsDefaults, show_title: false, full_width: true, height: 'medium' },
    appearance: { ...sharedAppearanceDefaults, overlay: true },
  },
  restrictions: allRestrictions,
  ui: {
    content: {
      text: { 'ui:widget': 'textarea' },
      image: {
        alt: { 'ui:help': 'Describe the image for people who cannot see it; empty if decorative.' },
      },
    },
    settings: { height: { 'ui:enumNames': ['Small', 'Medium', 'Large'] } },
    appearance: sectionAppearanceUi,
  },
} as const;
