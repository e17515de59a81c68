import type { FromSchema } from 'json-schema-to-ts';
import { userCreateSchema } from '../entities/site-admin.schema';

const {
  name,
  mail,
  password,
  first_name,
  last_name,
  title,
  country,
  language,
  timezone,
  roles,
  organizations,
} = userCreateSchema.properties;

/**
 * The new-user form: the body of `POST users`, field for field. The choices of `roles`,
 * `organizations`, `language` and `timezone` are known only at run time; the page adds them.
 */
export const userCreateFormSchema = {
  $id: 'atrium:forms:user-create',
  type: 'object',
  required: ['name', 'mail', 'password'],
  additionalProperties: false,
  properties: {
    name,
    mail,
    password,
    first_name,
    last_name,
    title,
    country,
    language,
    timezone,
    roles,
    organizations,
  },
} as const;
export type UserCreateForm = FromSchema<typeof userCreateFormSchema>;

export const userCreateUiSchema = {
  'ui:order': [
    'name',
    'mail',
    'password',
    'first_name',
    'last_name',
    'title',
    'country',
    'language',
    'timezone',
    'roles',
    'organizations',
  ],
  name: {
    'ui:title': 'Username',
    'ui:autocomplete': 'off',
    'ui:help': 'What they sign in with. It cannot start or end with a space.',
  },
  mail: { 'ui:title': 'E-mail address', 'ui:widget': 'email', 'ui:autocomplete': 'off' },
  password: {
    'ui:title': 'Password',
    'ui:widget': 'password',
    'ui:autocomplete': 'new-password',
    'ui:help': 'At least 8 characters. Give it to them in a safe way.',
  },
  first_name: { 'ui:title': 'First name' },
  last_name: { 'ui:title': 'Last name' },
  title: { 'ui:title': 'Job title' },
  country: {
    'ui:title': 'Country',
  },
  language: { 'ui:title': 'Language' },
  timezone: { 'ui:title': 'Time zone' },
  roles: { 'ui:title': 'Roles' },
  organizations: { 'ui:title': 'Organizations' },
};
