import type { FromSchema } from 'json-schema-to-ts';

/**
 * The boolean access flags (SPEC point 6) plus `site_manage`, the administrator flag that guards
 * users and site settings. The server computes them per user from roles and site settings.
 */
export const accessFlagNames = [
  'storefront_page',
  'storefront_manage',
  'incentives_shop_enabled',
  'incentives_shop',
  'incentives_settings',
  'incentives_shop_settings_available',
  'availability_feature_manage_own',
  'availability_feature_manage',
  'site_manage',
] as const;

export const accessFlagSchema = {
  $id: 'atrium:access-flag',
  type: 'string',
  enum: accessFlagNames,
} as const;
export type AccessFlag = FromSchema<typeof accessFlagSchema>;

export const accessFlagsSchema = {
  $id: 'atrium:access-flags',
  type: 'object',
  additionalProperties: false,
  required: accessFlagNames,
  properties: Object.fromEntries(accessFlagNames.map((n) => [n, { type: 'boolean' }])) as {
    [K in (typeof accessFlagNames)[number]]: { type: 'boolean' };
  },
} as const;
export type AccessFlags = Record<AccessFlag, boolean>;
