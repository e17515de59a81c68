import type { FromSchema } from 'json-schema-to-ts';

/** `POST auth/login`. */
export const loginBodySchema = {
  $id: 'atrium:login-body',
  type: 'object',
  required: ['name', 'password'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;
export type LoginBody = FromSchema<typeof loginBodySchema>;

/**
 * `POST auth/register`: a visitor creates their own learner account (when the site allows it).
 * They sign in with their e-mail address; `consent` says they accept the terms of use and the
 * privacy policy.
 */
export const signupBodySchema = {
  $id: 'atrium:signup-body',
  type: 'object',
  required: ['name', 'mail', 'password', 'consent'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    mail: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    consent: { type: 'boolean', const: true },
  },
} as const;
export type SignupBody = FromSchema<typeof signupBodySchema>;
