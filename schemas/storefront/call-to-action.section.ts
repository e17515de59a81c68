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

/** Call to action: a heading, a short text and one button. */
export const callToActionContentSchema = {
  $id: 'atrium:section:call_to_action:content',
  type: 'object',
  required: ['heading', 'button'],
  additionalProperties: false,
  properties: {
    heading: { type: 'string', title: 'Heading', minLength: 1, maxLength: 200 },
    text: { type: 'string', title: 'Text', maxLength: 2000, default: '' },
    button: buttonSchemaFragment,
  },
} as const;
export type CallToActionContent = FromSchema<typeof callToActionContentSchema>;

export const callToActionSettingsSchema = {
  $id: 'atrium:section:call_to_action:settings',
  type: 'object',
  additionalProperties: false,
  properties: sectionSettingsProperties,
} as const;

export const callToActionAppearanceSchema = {
  $id: 'atrium:section:call_to_action:appearance',
  type: 'object',
  additionalProperties: false,
  properties: sectionAppearanceProperties,
} as const;

export const callToActionSection = {
  type: 'call_to_action',
  label: 'Call to action',
  renderer: 'call-to-action',
  content: callToActionContentSchema,
  settings: callToActionSettingsSchema,
  appearance: callToActionAppearanceSchema,
  defaults: {
    content: {
      heading: 'Ready to start?',
      text: '',
      button: { label: 'Get started', url: '/user/login' },
    },
    settings: { ...sharedSettingsDefaults, show_title: false },
    appearance: { ...sharedAppearanceDefaults, text_align: 'center' },
  },
  restrictions: allRestrictions,
  ui: { content: { text: { 'ui:widget': 'textarea' } }, appearance: sectionAppearanceUi },
} as const;
