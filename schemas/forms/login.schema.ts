import { loginBodySchema } from '../entities/auth.schema';

/** The login form renders the login body schema. */
export const loginFormSchema = loginBodySchema;

/** Labels are English source strings; the form host translates them. */
export const loginUiSchema = {
  'ui:order': ['name', 'password'],
  name: { 'ui:title': 'Username', 'ui:autocomplete': 'username', 'ui:autofocus': true },
  password: {
    'ui:title': 'Password',
    'ui:widget': 'password',
    'ui:autocomplete': 'current-password',
  },
};
