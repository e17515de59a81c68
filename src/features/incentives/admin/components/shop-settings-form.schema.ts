import type { UiSchema } from '@rjsf/utils';
import type { ShopSettings } from '@schemas/entities/incentives.schema';
import { shopSettingsSchema } from '@schemas/entities/incentives.schema';

const banner = shopSettingsSchema.properties.banner;
const image = banner.anyOf[0];

/**
 * The shop settings form: `shopSettingsSchema` with its banner as an image whose empty address
 * means "no banner" (rjsf would draw `anyOf [image, null]` as an option picker).
 */
export const shopSettingsFormSchema = {
  ...shopSettingsSchema,
  // Its own id: rjsf's validator caches compiled schemas by id.
  $id: 'atrium:forms:shop-settings',
  required: ['title', 'banner_height', 'expiry_warning_days'],
  properties: {
    ...shopSettingsSchema.properties,
    banner: { ...image, title: banner.title, required: [] },
  },
} as const;

export interface ShopSettingsFormData {
  title?: string;
  intro?: string;
  banner?: { url?: string; alt?: string };
  banner_height?: number;
  expiry_warning_days?: number;
}

export const shopSettingsUiSchema: UiSchema = {
  'ui:order': ['title', 'intro', 'banner', 'banner_height', 'expiry_warning_days'],
  intro: {
    'ui:widget': 'textarea',
    'ui:emptyValue': '',
    'ui:help': 'A few words above the products.',
  },
  banner: {
    url: {
      'ui:emptyValue': '',
      'ui:placeholder': 'https://example.org/banner.jpg',
      'ui:help': 'Leave empty for no banner.',
    },
    alt: {
      'ui:emptyValue': '',
      'ui:help': 'Describe the image for people who cannot see it.',
    },
  },
  banner_height: { 'ui:help': 'Between 80 and 600 pixels.' },
};

export function shopSettingsFormData(settings: ShopSettings): ShopSettingsFormData {
  return {
    title: settings.title,
    intro: settings.intro,
    banner: { url: settings.banner?.url ?? '', alt: settings.banner?.alt ?? '' },
    banner_height: settings.banner_height,
    expiry_warning_days: settings.expiry_warning_days,
  };
}

export function toShopSettings(data: ShopSettingsFormData): ShopSettings {
  const url = data.banner?.url?.trim() ?? '';
  return {
    title: data.title ?? '',
    intro: data.intro ?? '',
    banner: url ? { url, alt: data.banner?.alt ?? '' } : null,
    banner_height: data.banner_height ?? 200,
    expiry_warning_days: data.expiry_warning_days ?? 30,
  };
}
