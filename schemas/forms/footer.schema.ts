import type { FromSchema } from 'json-schema-to-ts';
import { footerSettingsSchema } from '../entities/settings.schema';

const {
  about,
  contact,
  privacy_policy,
  terms_of_use,
  footer_text,
  footer_copyright,
  version,
  version_url,
} = footerSettingsSchema.properties;

/** A link is shown only with both parts, so either may be left empty: neither is starred. */
const optional = <S extends object>(link: S) => ({ ...link, required: [] }) as const;

/**
 * The footer form: every footer setting, taken from `footerSettingsSchema` in the same shape, so
 * the server's field paths (`about[url]`) land on their fields as they are. The four links are
 * fieldsets of a title and an address.
 */
export const footerFormSchema = {
  $id: 'atrium:forms:footer',
  type: 'object',
  additionalProperties: false,
  properties: {
    about: optional(about),
    contact: optional(contact),
    privacy_policy: optional(privacy_policy),
    terms_of_use: optional(terms_of_use),
    footer_text,
    footer_copyright,
    version,
    version_url,
  },
} as const;
export type FooterForm = FromSchema<typeof footerFormSchema>;

export const footerUiSchema = {
  'ui:order': [
    'about',
    'contact',
    'privacy_policy',
    'terms_of_use',
    'footer_text',
    'footer_copyright',
    'version',
    'version_url',
  ],
  about: {
    'ui:title': 'About link',
    'ui:description': 'A link is shown only when it has both a text and an address.',
    title: { 'ui:title': 'Link text', 'ui:emptyValue': '' },
    url: { 'ui:title': 'Address', 'ui:emptyValue': '', 'ui:placeholder': '/about' },
  },
  contact: {
    'ui:title': 'Contact link',
    'ui:description': 'A contact page, or a mailto: address.',
    title: { 'ui:title': 'Link text', 'ui:emptyValue': '' },
    url: { 'ui:title': 'Address', 'ui:emptyValue': '', 'ui:placeholder': '/contact' },
  },
  privacy_policy: {
    'ui:title': 'Privacy policy link',
    'ui:description': 'Where the site explains how it uses personal data.',
    title: { 'ui:title': 'Link text', 'ui:emptyValue': '' },
    url: { 'ui:title': 'Address', 'ui:emptyValue': '', 'ui:placeholder': '/privacy' },
  },
  terms_of_use: {
    'ui:title': 'Terms of use link',
    'ui:description': 'The rules everyone accepts by using the site.',
    title: { 'ui:title': 'Link text', 'ui:emptyValue': '' },
    url: { 'ui:title': 'Address', 'ui:emptyValue': '', 'ui:placeholder': '/terms' },
  },
  footer_text: {
    'ui:title': 'Footer text',
    'ui:widget': 'textarea',
    'ui:emptyValue': '',
    'ui:help': 'A short line under the links, as plain text. Leave empty to show none.',
  },
  footer_copyright: {
    'ui:title': 'Copyright notice',
    'ui:emptyValue': '',
    'ui:placeholder': '© 2025 Example Organization',
  },
  version: {
    'ui:title': 'Version',
    'ui:emptyValue': '',
    'ui:help': 'Shown as "Version …" at the foot of every page. Leave empty to hide it.',
  },
  version_url: {
    'ui:title': 'Version notes address',
    'ui:emptyValue': '',
    'ui:placeholder': 'https://example.org/releases',
    'ui:help': 'Makes the version a link, for example to the release notes.',
  },
};
