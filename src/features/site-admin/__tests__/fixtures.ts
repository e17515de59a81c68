import type { ListMeta } from '@engine/core';
import type { SiteSettings } from '@schemas/entities/settings.schema';
import type { UserListItem } from '@schemas/entities/user.schema';

export const admin = {
  uid: 1,
  name: 'admin',
  full_name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  avatar: null,
  language: 'en',
};

export const meta = (total: number, page = 0, limit = 25): ListMeta => ({
  page,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  total,
  limit,
});

export const siteSettings = (over: Partial<SiteSettings> = {}): SiteSettings => ({
  organization_name: 'Atrium Learning',
  site_name: 'Atrium Academy',
  login_url: '/user/login',
  signup_url: '/user/register',
  incentives_leaderboard: false,
  incentives_shop_enabled: false,
  breadcrumbs_enabled: true,
  site_background: '',
  logo: '',
  logo_alt: '',
  ...over,
});

export const person = (uid: number, over: Partial<UserListItem> = {}): UserListItem => ({
  uid,
  name: `user${uid}`,
  full_name: `Person ${uid}`,
  first_name: 'Person',
  last_name: String(uid),
  avatar: null,
  roles: ['authenticated', 'learner'],
  organizations: [],
  blocked: false,
  language: 'en',
  ...over,
});
