import {
  allRestrictions,
  sectionAppearanceProperties,
  sectionAppearanceUi,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/**
 * Testimonial: a quote, who said it and, if wanted, their portrait. It has no renderer of its
 * own: the generic renderer shows it by its schema, the `'ui:role'` hints making the quote a
 * quotation attributed to its author.
 */
export const testimonialContentSchema = {
  $id: 'atrium:section:testimonial:content',
  type: 'object',
  required: ['quote', 'author'],
  additionalProperties: false,
  properties: {
    portrait: {
      type: 'object',
      title: 'Portrait',
      required: ['url', 'alt'],
      additionalProperties: false,
      properties: {
        url: { type: 'string', title: 'Image address', maxLength: 2048 },
        alt: { type: 'string', title: 'Image description', maxLength: 300 },
      },
    },
    quote: { type: 'string', title: 'Quote', minLength: 1, maxLength: 1000 },
    author: { type: 'string', title: 'Author', minLength: 1, maxLength: 200 },
  },
} as const;

export const testimonialSettingsSchema = {
  $id: 'atrium:section:testimonial:settings',
  type: 'object',
  additionalProperties: false,
  properties: sectionSettingsProperties,
} as const;

export const testimonialAppearanceSchema = {
  $id: 'atrium:section:testimonial:appearance',
  type: 'object',
  additionalProperties: false,
  properties: sectionAppearanceProperties,
} as const;

export const testimonialSection = {
  type: 'testimonial',
  label: 'Testimonial',
  content: testimonialContentSchema,
  settings: testimonialSettingsSchema,
  appearance: testimonialAppearanceSchema,
  defaults: {
    content: {
      portrait: { url: '', alt: '' },
      quote: 'This training changed how our team works.',
      author: 'A learner',
    },
    settings: { ...sharedSettingsDefaults, show_title: false },
    appearance: { ...sharedAppearanceDefaults, text_align: 'center' },
  },
  restrictions: allRestrictions,
  ui: {
    content: {
      portrait: {
        'ui:role': 'image',
        'ui:options': { size: 'small' },
        alt: { 'ui:help': 'Describe the image for people who cannot see it; empty if decorative.' },
      },
      quote: { 'ui:role': 'quote', 'ui:widget': 'textarea' },
      author: { 'ui:role': 'caption' },
    },
    appearance: sectionAppearanceUi,
  },
} as const;
