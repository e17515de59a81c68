import type { FromSchema } from 'json-schema-to-ts';
import { accessFlagNames } from './access-flags.schema';
import { contentTranslationsSchema, embed, titledLinkSchema } from './common.schema';
import { languageSchema } from './language.schema';
import { realUserSchema } from './user.schema';

/**
 * General settings (`GET settings?type=general`): formats, languages, the current language and
 * time zone, and the current user's boolean access flags at the top level.
 */
export const generalSettingsSchema = {
  $id: 'atrium:general-settings',
  type: 'object',
  required: [
    'date_time_formats',
    'languages',
    'current_language',
    'current_timezone',
    ...accessFlagNames,
  ],
  additionalProperties: false,
  properties: {
    /** Name -> PHP-style date format (e.g. `short: 'd/m/Y - H:i'`). */
    date_time_formats: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 } },
    languages: { type: 'array', items: embed(languageSchema) },
    current_language: { type: 'string' },
    /** The site's default language: texts administrators enter are written in it first. */
    default_language: { type: 'string' },
    current_timezone: { type: 'string' },
    /** Only while masquerading: the administrator acting as the current user. */
    real_user: embed(realUserSchema),
    ...(Object.fromEntries(accessFlagNames.map((n) => [n, { type: 'boolean' }])) as {
      [K in (typeof accessFlagNames)[number]]: { type: 'boolean' };
    }),
  },
} as const;
export type GeneralSettings = FromSchema<typeof generalSettingsSchema>;

const imageRef = { type: 'string', maxLength: 2048 } as const;

/** Site settings (SPEC point 3). `GET/POST settings/site`, administrators only. */
export const siteSettingsSchema = {
  $id: 'atrium:site-settings',
  type: 'object',
  required: [
    'organization_name',
    'site_name',
    'login_url',
    'signup_url',
    'incentives_leaderboard',
    'incentives_shop_enabled',
    'breadcrumbs_enabled',
    'site_background',
    'logo',
    'logo_alt',
  ],
  additionalProperties: false,
  properties: {
    organization_name: { type: 'string', maxLength: 200 },
    site_name: { type: 'string', minLength: 1, maxLength: 200, 'x-translatable': true },
    login_url: { type: 'string', maxLength: 2048 },
    signup_url: { type: 'string', maxLength: 2048 },
    incentives_leaderboard: { type: 'boolean' },
    incentives_shop_enabled: { type: 'boolean' },
    breadcrumbs_enabled: { type: 'boolean' },
    site_background: imageRef,
    logo: imageRef,
    logo_alt: { type: 'string', maxLength: 200, 'x-translatable': true },
    /** Catalogue and public storefront page switches (public storefront landing rule); on when absent. */
    catalog_enabled: { type: 'boolean' },
    storefront_page_enabled: { type: 'boolean' },
    /** Visitors may create their own learner account on the sign-up page; off when absent. */
    self_registration: { type: 'boolean' },
  },
} as const;
export type SiteSettings = FromSchema<typeof siteSettingsSchema>;

/** A POST to settings/site may carry only the fields it changes. */
export const siteSettingsPatchSchema = {
  ...siteSettingsSchema,
  $id: 'atrium:site-settings-patch',
  properties: {
    ...siteSettingsSchema.properties,
    /** Texts of the translatable fields in the site's other languages. */
    translations: embed(contentTranslationsSchema),
  },
  required: [],
  minProperties: 1,
} as const;

/** Public subset of the site settings every visitor's shell needs (`GET settings/branding`). */
export const brandingSchema = {
  $id: 'atrium:branding',
  type: 'object',
  required: [
    'site_name',
    'organization_name',
    'login_url',
    'signup_url',
    'incentives_leaderboard',
    'incentives_shop_enabled',
    'breadcrumbs_enabled',
    'logo',
    'logo_alt',
    'site_background',
    'self_registration',
  ],
  additionalProperties: false,
  properties: {
    self_registration: { type: 'boolean' },
    site_name: { type: 'string' },
    organization_name: { type: 'string' },
    login_url: { type: 'string' },
    signup_url: { type: 'string' },
    incentives_leaderboard: { type: 'boolean' },
    incentives_shop_enabled: { type: 'boolean' },
    breadcrumbs_enabled: { type: 'boolean' },
    logo: { type: 'string' },
    logo_alt: { type: 'string' },
    site_background: { type: 'string' },
  },
} as const;
export type Branding = FromSchema<typeof brandingSchema>;

/** Footer settings (`GET settings?type=footer`). */
export const footerSettingsSchema = {
  $id: 'atrium:footer-settings',
  type: 'object',
  required: [
    'about',
    'contact',
    'privacy_policy',
    'terms_of_use',
    'footer_text',
    'footer_copyright',
    'version',
    'version_url',
  ],
  additionalProperties: false,
  properties: {
    about: embed(titledLinkSchema),
    contact: embed(titledLinkSchema),
    privacy_policy: embed(titledLinkSchema),
    terms_of_use: embed(titledLinkSchema),
    footer_text: { type: 'string', maxLength: 2000, 'x-translatable': true },
    footer_copyright: { type: 'string', maxLength: 500, 'x-translatable': true },
    version: { type: 'string', maxLength: 50 },
    version_url: { type: 'string', maxLength: 2048 },
  },
} as const;
export type FooterSettings = FromSchema<typeof footerSettingsSchema>;

/** A POST to settings/footer may carry only the fields it changes. */
export const footerSettingsPatchSchema = {
  ...footerSettingsSchema,
  $id: 'atrium:footer-settings-patch',
  properties: {
    ...footerSettingsSchema.properties,
    /** Texts of the translatable fields in the site's other languages. */
    translations: embed(contentTranslationsSchema),
  },
  required: [],
  minProperties: 1,
} as const;

export const countrySchema = {
  $id: 'atrium:country',
  type: 'object',
  required: ['code', 'name'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{2}$' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;
export type Country = FromSchema<typeof countrySchema>;

/** Countries settings (`GET settings?type=countries`). */
export const countriesSettingsSchema = {
  $id: 'atrium:countries-settings',
  type: 'object',
  required: ['countries', 'default_country'],
  additionalProperties: false,
  properties: {
    countries: { type: 'array', items: embed(countrySchema) },
    default_country: { type: 'string' },
  },
} as const;
export type CountriesSettings = FromSchema<typeof countriesSettingsSchema>;

export const settingsQuerySchema = {
  $id: 'atrium:settings-query',
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: { type: { type: 'string', enum: ['general', 'footer', 'countries'] } },
} as const;

/** Cookie disclaimer (`GET settings/cookies-disclaimer`). `disclaimer_text` is sanitized HTML. */
export const cookieDisclaimerSchema = {
  $id: 'atrium:cookie-disclaimer',
  type: 'object',
  required: ['disclaimer_text', 'agreed'],
  additionalProperties: false,
  properties: {
    disclaimer_text: { type: 'string', maxLength: 20000 },
    /** True once this browser (or user) agreed to the current text. */
    agreed: { type: 'boolean' },
  },
} as const;
export type CookieDisclaimer = FromSchema<typeof cookieDisclaimerSchema>;
