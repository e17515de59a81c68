import { accessFlagNames, type AccessFlags } from '@schemas/entities/access-flags.schema';
import type { SiteSettings } from '@schemas/entities/settings.schema';

/** Role every signed-in user has, and the role of visitors. */
export const AUTHENTICATED_ROLE = 'authenticated';
export const ANONYMOUS_ROLE = 'anonymous';

/**
 * Access flags from role grants and site switches (SPEC point 6): the shop switch alone gives
 * `incentives_shop_enabled`; shop access needs the switch and a grant; the storefront page needs
 * the catalogue and storefront switches and a grant; every other flag is a grant.
 */
export function computeFlags(grants: ReadonlySet<string>, site: SiteSettings): AccessFlags {
  const shopOn = site.incentives_shop_enabled;
  const storefrontOn = site.catalog_enabled !== false && site.storefront_page_enabled !== false;
  const flags = Object.fromEntries(accessFlagNames.map((f) => [f, grants.has(f)])) as AccessFlags;
  flags.incentives_shop_enabled = shopOn;
  flags.incentives_shop = shopOn && grants.has('incentives_shop');
  flags.incentives_shop_settings_available =
    shopOn && grants.has('incentives_shop_settings_available');
  flags.storefront_page = storefrontOn && grants.has('storefront_page');
  return flags;
}
