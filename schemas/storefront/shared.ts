import { restrictionTypes } from '../entities/storefront.schema';

/**
 * Property fragments most section types share. Each type still declares its own schemas (with
 * their own `$id`), so a type can drop or extend any of these.
 */

/** Section settings: an optional title above the section, and full-width display. */
export const sectionSettingsProperties = {
  title: { type: 'string', title: 'Section title', maxLength: 200, default: '' },
  show_title: { type: 'boolean', title: 'Show the title', default: true },
  full_width: { type: 'boolean', title: 'Full width', default: false },
} as const;

/** Section appearance: colours (`#rrggbb` or empty for the theme's) and text alignment. */
export const sectionAppearanceProperties = {
  background_color: {
    type: 'string',
    title: 'Background colour',
    pattern: '^(#[0-9a-fA-F]{6})?$',
    default: '',
  },
  text_color: {
    type: 'string',
    title: 'Text colour',
    pattern: '^(#[0-9a-fA-F]{6})?$',
    default: '',
  },
  text_align: {
    type: 'string',
    title: 'Text alignment',
    enum: ['start', 'center', 'end'],
    default: 'start',
  },
} as const;

/** How the editor shows the shared appearance fields (an rjsf uiSchema). */
export const sectionAppearanceUi = {
  background_color: { 'ui:help': "A colour such as #1e3a8a, or empty for the theme's." },
  text_color: { 'ui:help': "A colour such as #ffffff, or empty for the theme's." },
  text_align: { 'ui:enumNames': ['Start', 'Centre', 'End'] },
};

/** A call-to-action button: its label and where it goes. */
export const buttonSchemaFragment = {
  type: 'object',
  title: 'Button',
  required: ['label', 'url'],
  additionalProperties: false,
  properties: {
    label: { type: 'string', title: 'Button label', maxLength: 100 },
    url: { type: 'string', title: 'Button link', maxLength: 2048 },
  },
} as const;

/** Every restriction type: the built-in section types allow them all. */
export const allRestrictions = restrictionTypes;

/** Defaults of the shared settings and appearance. */
export const sharedSettingsDefaults = { title: '', show_title: true, full_width: false } as const;
export const sharedAppearanceDefaults = {
  background_color: '',
  text_color: '',
  text_align: 'start',
} as const;
