import type { FromSchema } from 'json-schema-to-ts';
import { userPatchSchema } from '../entities/user.schema';

const { first_name, last_name, title, country, language, timezone } = userPatchSchema.properties;

/**
 * The profile edit form: a subset of the user patch body, with the name required. Fields an
 * administrator sets (`userAttributes`: job title, country) are shown read-only to everyone
 * but administrators; the page adds that from the declaration.
 */
export const profileFormSchema = {
  $id: 'atrium:forms:profile',
  type: 'object',
  required: ['first_name'],
  additionalProperties: false,
  properties: { first_name, last_name, title, country, language, timezone },
} as const;
export type ProfileForm = FromSchema<typeof profileFormSchema>;

export const profileUiSchema = {
  'ui:order': ['first_name', 'last_name', 'title', 'country', 'language', 'timezone'],
  first_name: { 'ui:title': 'First name', 'ui:autocomplete': 'given-name' },
  last_name: { 'ui:title': 'Last name', 'ui:autocomplete': 'family-name' },
  title: { 'ui:title': 'Job title', 'ui:autocomplete': 'organization-title' },
  country: { 'ui:title': 'Country' },
  // Without a choice of their own, a person reads the portal in the site's language and time zone.
  language: { 'ui:title': 'Language', 'ui:placeholder': 'Site default' },
  timezone: { 'ui:title': 'Time zone', 'ui:placeholder': 'Site default' },
};
