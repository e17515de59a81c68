import { lazy, type ComponentType } from 'react';

/** Page registry: the page keys that routes.config.json may name, each loaded on demand. */
export const pages: Record<string, ComponentType> = {
  home: lazy(() => import('@/features/storefront/pages/home-page')),
  dashboard: lazy(() => import('@/features/catalogue/pages/dashboard-page')),
  trainings: lazy(() => import('@/features/catalogue/pages/trainings-page')),
  training: lazy(() => import('@/features/catalogue/pages/training-page')),
  search: lazy(() => import('@/features/catalogue/pages/search-page')),
  login: lazy(() => import('@/features/user/pages/login-page')),
  logout: lazy(() => import('@/features/user/pages/logout-page')),
  profile: lazy(() => import('@/features/user/pages/profile-page')),
  'profile-edit': lazy(() => import('@/features/user/pages/profile-edit-page')),
  storefront: lazy(() => import('@/features/storefront/pages/storefront-page')),
  'storefront-section': lazy(() => import('@/features/storefront/pages/section-page')),
  'storefront-settings': lazy(() => import('@/features/storefront/pages/storefront-settings-page')),
  'storefront-appearance': lazy(
    () => import('@/features/storefront/appearance/storefront-appearance-page'),
  ),
  'storefront-registered': lazy(() => import('@/features/storefront/pages/registered-editor-page')),
  'storefront-unregistered': lazy(
    () => import('@/features/storefront/pages/unregistered-editor-page'),
  ),
  'incentives-settings': lazy(() => import('@/features/incentives/pages/incentives-settings-page')),
  'incentives-shop': lazy(() => import('@/features/incentives/pages/shop-page')),
  'incentives-product': lazy(() => import('@/features/incentives/pages/product-page')),
  'incentives-purchase': lazy(() => import('@/features/incentives/pages/purchase-page')),
  'incentives-purchase-success': lazy(
    () => import('@/features/incentives/pages/purchase-success-page'),
  ),
  leaderboard: lazy(() => import('@/features/incentives/pages/leaderboard-page')),
  'incentives-products': lazy(() => import('@/features/incentives/admin/pages/products-page')),
  'incentives-product-form': lazy(
    () => import('@/features/incentives/admin/pages/product-form-page'),
  ),
  'incentives-schedules': lazy(() => import('@/features/incentives/admin/pages/schedules-page')),
  'incentives-schedule-form': lazy(
    () => import('@/features/incentives/admin/pages/schedule-form-page'),
  ),
  'incentives-rules': lazy(() => import('@/features/incentives/admin/pages/rules-page')),
  'incentives-shop-settings': lazy(
    () => import('@/features/incentives/admin/pages/shop-settings-page'),
  ),
  'incentives-transactions': lazy(
    () => import('@/features/incentives/admin/pages/transactions-page'),
  ),
  'incentives-transaction': lazy(
    () => import('@/features/incentives/admin/pages/transaction-page'),
  ),
  'site-admin': lazy(() => import('@/features/site-admin/pages/site-admin-page')),
  'site-admin-settings': lazy(() => import('@/features/site-admin/pages/site-settings-page')),
  'site-admin-users': lazy(() => import('@/features/site-admin/pages/users-page')),
  'site-admin-user-create': lazy(() => import('@/features/site-admin/pages/user-create-page')),
  'site-admin-user': lazy(() => import('@/features/site-admin/pages/user-page')),
  'site-admin-access': lazy(() => import('@/features/site-admin/pages/access-page')),
  'site-admin-footer': lazy(() => import('@/features/site-admin/pages/footer-page')),
  'site-admin-cookies': lazy(() => import('@/features/site-admin/pages/cookie-disclaimer-page')),
  'site-admin-languages': lazy(() => import('@/features/site-admin/pages/languages-page')),
  'site-admin-translations': lazy(() => import('@/features/site-admin/pages/translations-page')),
  'site-admin-audit': lazy(() => import('@/features/site-admin/pages/audit-page')),
  'course-administration': lazy(
    () => import('@/features/course-administration/pages/course-administration-page'),
  ),
  availability: lazy(() => import('@/features/availability/pages/my-availability-page')),
  'course-administration-availability': lazy(
    () => import('@/features/availability/pages/availability-management-page'),
  ),
  'course-administration-trainer-availability': lazy(
    () => import('@/features/availability/pages/trainer-availability-page'),
  ),
  'not-found': lazy(() => import('@/features/errors/pages/not-found-page')),
  denied: lazy(() => import('@/features/errors/pages/denied-page')),
};
