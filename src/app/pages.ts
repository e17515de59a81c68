import { createElement, lazy, type ComponentType } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

/** The page keys that routes.config.json may name, each with the import of its module. */
const pageModules: Record<string, PageModule> = {
  home: () => import('@/features/storefront/pages/home-page'),
  dashboard: () => import('@/features/catalogue/pages/dashboard-page'),
  trainings: () => import('@/features/catalogue/pages/trainings-page'),
  training: () => import('@/features/catalogue/pages/training-page'),
  search: () => import('@/features/catalogue/pages/search-page'),
  login: () => import('@/features/user/pages/login-page'),
  logout: () => import('@/features/user/pages/logout-page'),
  profile: () => import('@/features/user/pages/profile-page'),
  'profile-edit': () => import('@/features/user/pages/profile-edit-page'),
  storefront: () => import('@/features/storefront/pages/storefront-page'),
  'storefront-section': () => import('@/features/storefront/pages/section-page'),
  'storefront-settings': () => import('@/features/storefront/pages/storefront-settings-page'),
  'storefront-appearance': () =>
    import('@/features/storefront/appearance/storefront-appearance-page'),
  'storefront-registered': () => import('@/features/storefront/pages/registered-editor-page'),
  'storefront-unregistered': () => import('@/features/storefront/pages/unregistered-editor-page'),
  'incentives-settings': () => import('@/features/incentives/pages/incentives-settings-page'),
  'incentives-shop': () => import('@/features/incentives/pages/shop-page'),
  'incentives-product': () => import('@/features/incentives/pages/product-page'),
  'incentives-purchase': () => import('@/features/incentives/pages/purchase-page'),
  'incentives-purchase-success': () => import('@/features/incentives/pages/purchase-success-page'),
  leaderboard: () => import('@/features/incentives/pages/leaderboard-page'),
  points: () => import('@/features/incentives/pages/points-page'),
  'incentives-products': () => import('@/features/incentives/admin/pages/products-page'),
  'incentives-product-form': () => import('@/features/incentives/admin/pages/product-form-page'),
  'incentives-schedules': () => import('@/features/incentives/admin/pages/schedules-page'),
  'incentives-schedule-form': () => import('@/features/incentives/admin/pages/schedule-form-page'),
  'incentives-rules': () => import('@/features/incentives/admin/pages/rules-page'),
  'incentives-shop-settings': () => import('@/features/incentives/admin/pages/shop-settings-page'),
  'incentives-transactions': () => import('@/features/incentives/admin/pages/transactions-page'),
  'incentives-transaction': () => import('@/features/incentives/admin/pages/transaction-page'),
  'site-admin': () => import('@/features/site-admin/pages/site-admin-page'),
  'site-admin-settings': () => import('@/features/site-admin/pages/site-settings-page'),
  'site-admin-users': () => import('@/features/site-admin/pages/users-page'),
  'site-admin-user-create': () => import('@/features/site-admin/pages/user-create-page'),
  'site-admin-user': () => import('@/features/site-admin/pages/user-page'),
  'site-admin-access': () => import('@/features/site-admin/pages/access-page'),
  'site-admin-footer': () => import('@/features/site-admin/pages/footer-page'),
  'site-admin-cookies': () => import('@/features/site-admin/pages/cookie-disclaimer-page'),
  'site-admin-languages': () => import('@/features/site-admin/pages/languages-page'),
  'site-admin-translations': () => import('@/features/site-admin/pages/translations-page'),
  'site-admin-audit': () => import('@/features/site-admin/pages/audit-page'),
  'site-admin-content-pages': () => import('@/features/site-admin/pages/content-pages-page'),
  'site-admin-content-page': () => import('@/features/site-admin/pages/content-page-edit-page'),
  'content-page': () => import('@/features/content-pages/pages/content-page'),
  signup: () => import('@/features/user/pages/signup-page'),
  'course-administration': () =>
    import('@/features/course-administration/pages/course-administration-page'),
  availability: () => import('@/features/availability/pages/my-availability-page'),
  'course-administration-availability': () =>
    import('@/features/availability/pages/availability-management-page'),
  'course-administration-trainer-availability': () =>
    import('@/features/availability/pages/trainer-availability-page'),
  'settings-document': () => import('@/features/settings-documents/pages/settings-document-page'),
  'not-found': () => import('@/features/errors/pages/not-found-page'),
  denied: () => import('@/features/errors/pages/denied-page'),
};

/** The pages whose code has loaded, so they render at once instead of suspending first. */
const loaded = new Map<string, ComponentType>();

function load(key: string): Promise<void> {
  const module = pageModules[key];
  if (!module) return Promise.resolve();
  return module().then((m) => {
    loaded.set(key, m.default);
  });
}

/**
 * A page as a component that loads its code on demand: lazy (suspending) until the code is
 * there, then the page itself, so a page loaded ahead of time renders in the same pass as the
 * frame around it.
 */
function pageComponent(key: string): ComponentType {
  const Lazy = lazy(async () => {
    await load(key);
    return { default: loaded.get(key) as ComponentType };
  });
  function Page() {
    const Loaded = loaded.get(key);
    return Loaded ? createElement(Loaded) : createElement(Lazy);
  }
  Page.displayName = `Page(${key})`;
  return Page;
}

/** Page registry: every page as a component that loads its code on demand. */
export const pages: Record<string, ComponentType> = Object.fromEntries(
  Object.keys(pageModules).map((key) => [key, pageComponent(key)]),
);

/**
 * Starts loading a page's code without rendering it, so the first page downloads alongside the
 * session requests instead of after them. Resolves when it has loaded (or failed: rendering the
 * page then shows the error). Loading again later reuses the same module.
 */
export function preloadPage(key: string): Promise<void> {
  return load(key).catch(() => undefined);
}
