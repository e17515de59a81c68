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
