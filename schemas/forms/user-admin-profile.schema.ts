import type { FromSchema } from 'json-schema-to-ts';
import { userPatchSchema } from '../entities/user.schema';

/**
 * A user's profile as an administrator edits it: every field of `PATCH users/{uid}`, so a field
 * added to the user profile schema appears here (after the declared order, before "About"). The
 * page adds the language and time-zone choices at run time and sends only the fields that
 * changed.
 */
export const userAdminProfileFormSchema = {
  $id: 'atrium:forms:user-admin-profile',
  type: 'object',
  required: ['first_name'],
  additionalProperties: false,
  properties: userPatchSchema.properties,
} as const;
export type UserAdminProfileForm = FromSchema<typeof userAdminProfileFormSchema>;

export const userAdminProfileUiSchema = {
  'ui:order': ['first_name', 'last_name', 'title', 'country', 'language', 'timezone', '*', 'bio'],
  first_name: { 'ui:title': 'First name' },
  last_name: { 'ui:title': 'Last name', 'ui:emptyValue': '' },
  title: { 'ui:title': 'Job title', 'ui:emptyValue': '' },
  country: {
    'ui:title': 'Country',
  },
  // Without a choice of their own, a person reads the portal in the site's language and time zone.
  language: { 'ui:title': 'Language', 'ui:placeholder': 'Site default' },
  timezone: { 'ui:title': 'Time zone', 'ui:placeholder': 'Site default' },
  bio: { 'ui:title': 'About', 'ui:widget': 'textarea', 'ui:emptyValue': '' },
};
