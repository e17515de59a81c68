import type { FromSchema } from 'json-schema-to-ts';

/** One sidebar item (`GET navigation`); the server leaves out items the user has no flag for. */
export const navigationItemSchema = {
  $id: 'atrium:navigation-item',
  type: 'object',
  required: ['id', 'title', 'url', 'icon'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    /** In the caller's language when an administrator gave it one. */
    title: { type: 'string', 'x-translatable': true },
    url: { type: 'string' },
    icon: { type: 'string' },
    children: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'url'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, title: { type: 'string' }, url: { type: 'string' } },
      },
    },
  },
} as const;
export type NavigationItem = FromSchema<typeof navigationItemSchema>;
