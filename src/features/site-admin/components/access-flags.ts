import type { Translator } from '@engine/core';

type T = Translator['t'];

/**
 * What each access flag opens, in words (English sources, translated where shown). The matrix
 * shows the flag's own name beside them, so a flag missing here still reads as its name.
 */
const flagTexts: Record<string, { label: string; description: string }> = {
  storefront_page: {
    label: 'Storefront page',
    description:
      'See the storefront page. It also needs the catalogue and storefront switches in the site settings.',
  },
  storefront_manage: {
    label: 'Storefront editing',
    description: 'Edit the storefront pages and their appearance.',
  },
  incentives_shop_enabled: {
    label: 'Reward shop switch',
    description:
      'Follows the Reward shop switch in the site settings for everyone; ticking it here changes nothing.',
  },
  incentives_shop: {
    label: 'Reward shop',
    description: 'Spend points in the reward shop while the shop is switched on.',
  },
  incentives_settings: {
    label: 'Incentives settings',
    description: 'Open the incentives settings: earning rules and expiry schedules.',
  },
  incentives_shop_settings_available: {
    label: 'Reward shop management',
    description: 'Manage products, shop settings and transactions while the shop is switched on.',
  },
  availability_feature_manage_own: {
    label: 'Own availability',
    description: 'Keep a calendar of the hours one can run trainings.',
  },
  availability_feature_manage: {
    label: 'Availability of all trainers',
    description: 'See and plan the availability of every trainer.',
  },
  site_manage: {
    label: 'Site administration',
    description:
      'Users, roles, site settings, languages and the audit log. The administrator role always keeps it; visitors never get it.',
  },
};

/** The areas flags are grouped by, recognised by the start of their names. */
const areas: { prefix: string; label: string }[] = [
  { prefix: 'storefront_', label: 'Storefront' },
  { prefix: 'incentives_', label: 'Incentives' },
  { prefix: 'availability_', label: 'Availability' },
  { prefix: 'site_', label: 'Site administration' },
];

/** A flag's readable name and what it opens, translated; its own name when it is not known. */
export function flagText(flag: string, t: T): { label: string; description?: string } {
  const text = flagTexts[flag];
  return text ? { label: t(text.label), description: t(text.description) } : { label: flag };
}

/** The flags in area groups, in the order the server lists them; unknown areas come last. */
export function flagGroups(flags: readonly string[], t: T): { label: string; flags: string[] }[] {
  const groups = areas.map((area) => ({
    label: t(area.label),
    flags: flags.filter((flag) => flag.startsWith(area.prefix)),
  }));
  const other = flags.filter((flag) => !areas.some((area) => flag.startsWith(area.prefix)));
  return [...groups, { label: t('Other'), flags: other }].filter((g) => g.flags.length > 0);
}

/**
 * A role's name as people know it: the implicit roles in plain words, others by their label
 * (an English source, translated), else by their machine name.
 */
export function roleTitle(role: { name: string; label: string }, t: T): string {
  if (role.name === 'anonymous') return t('Visitors');
  if (role.name === 'authenticated') return t('Signed-in users');
  return role.label ? t(role.label) : role.name;
}

/**
 * Cells that must not change: the server refuses `site_manage` for visitors (400) and keeps it
 * for administrators (409), so offering them would only lead to an error.
 */
export function isLockedCell(role: string, flag: string): boolean {
  return flag === 'site_manage' && (role === 'administrator' || role === 'anonymous');
}
