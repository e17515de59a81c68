import { userPasswordBodySchema } from '../entities/site-admin.schema';

/** An administrator's new password for a person: the body of `POST users/{uid}/password`. */
export const userPasswordFormSchema = userPasswordBodySchema;

/** Labels are English source strings; the form host translates them. */
export const userPasswordUiSchema = {
  password: {
    'ui:title': 'New password',
    'ui:widget': 'password',
    'ui:autocomplete': 'new-password',
    'ui:help': 'At least 8 characters. They are signed out everywhere else.',
  },
};
