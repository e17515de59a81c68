import type { FromSchema } from 'json-schema-to-ts';
import { siteSettingsSchema } from '../entities/settings.schema';

const {
  organization_name,
  site_name,
  login_url,
  signup_url,
  self_registration,
  incentives_leaderboard,
  incentives_shop_enabled,
  breadcrumbs_enabled,
  catalog_enabled,
  storefront_page_enabled,
  site_background,
  logo,
  logo_alt,
} = siteSettingsSchema.properties;

/**
 * The site settings form: every site setting, picked from `siteSettingsSchema` and grouped into
 * one fieldset per topic. The groups exist only in the form; the settings themselves are flat
 * (`settings/site` takes and returns `site_name`, not `names.site_name`).
 */
export const siteSettingsFormSchema = {
  $id: 'atrium:forms:site-settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    names: {
      type: 'object',
      required: ['site_name'],
      additionalProperties: false,
      properties: { site_name, organization_name },
    },
    links: {
      type: 'object',
      additionalProperties: false,
      properties: { login_url, signup_url, self_registration },
    },
    features: {
      type: 'object',
      additionalProperties: false,
      properties: {
        catalog_enabled,
        storefront_page_enabled,
        breadcrumbs_enabled,
        incentives_shop_enabled,
        incentives_leaderboard,
      },
    },
    look: {
      type: 'object',
      additionalProperties: false,
      properties: { logo, logo_alt, site_background },
    },
  },
} as const;
export type SiteSettingsForm = FromSchema<typeof siteSettingsFormSchema>;

export const siteSettingsUiSchema = {
  'ui:order': ['names', 'links', 'features', 'look'],
  names: {
    'ui:title': 'Names',
    'ui:description': 'How the site introduces itself in the header and in page titles.',
    site_name: {
      'ui:title': 'Site name',
      'ui:help': 'Shown in the header when there is no logo, and in every page title.',
    },
    organization_name: {
      'ui:title': 'Organization name',
      'ui:emptyValue': '',
      'ui:help': 'The organization that runs this site.',
    },
  },
  links: {
    'ui:title': 'Sign-in links',
    'ui:description': 'Where visitors go from the Log in and Sign up links in the header.',
    login_url: {
      'ui:title': 'Log-in address',
      'ui:emptyValue': '',
      'ui:placeholder': '/user/login',
      'ui:help': 'A path on this site or a full address. Leave empty for the built-in log-in page.',
    },
    signup_url: {
      'ui:title': 'Sign-up address',
      'ui:emptyValue': '',
      'ui:placeholder': 'https://example.org/register',
      'ui:help': 'Leave empty to hide the Sign up link.',
    },
    self_registration: {
      'ui:title': 'Visitors may sign up',
      'ui:help':
        'Visitors can create their own learner account on the built-in sign-up page (/user/register).',
    },
  },
  features: {
    'ui:title': 'Features',
    'ui:description': 'Switch parts of the portal on or off for everyone.',
    catalog_enabled: {
      'ui:title': 'Public catalogue',
      'ui:help': 'When off, visitors are sent to the log-in page and the storefront is off too.',
    },
    storefront_page_enabled: {
      'ui:title': 'Public storefront page',
      'ui:help': 'Visitors see the storefront on the start page; when off, the log-in page.',
    },
    breadcrumbs_enabled: {
      'ui:title': 'Breadcrumbs',
      'ui:help': 'Show the trail of pages above each page title.',
    },
    incentives_shop_enabled: {
      'ui:title': 'Reward shop',
      'ui:help': 'Learners can spend their points on rewards.',
    },
    incentives_leaderboard: {
      'ui:title': 'Leaderboard',
      'ui:help': 'Show the leaderboard link in the header.',
    },
  },
  look: {
    'ui:title': 'Logo and background',
    'ui:description': 'Images are given by their address.',
    logo: {
      'ui:title': 'Logo address',
      'ui:emptyValue': '',
      'ui:placeholder': 'https://example.org/logo.svg',
      'ui:help': 'Shown in the header, at most 300 pixels wide. Leave empty to show the site name.',
    },
    logo_alt: {
      'ui:title': 'Logo text alternative',
      'ui:emptyValue': '',
      'ui:help': 'Describe the logo for people who cannot see it, usually the site name.',
    },
    site_background: {
      'ui:title': 'Site background address',
      'ui:emptyValue': '',
      'ui:placeholder': 'https://example.org/background.jpg',
      'ui:help': 'An image drawn faintly behind every page. Leave empty for a plain background.',
    },
  },
};
