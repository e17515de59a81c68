/**
 * The engine's React parts. SchemaForm is not re-exported here: it brings the form renderer and
 * its validator, so pages import it from `@engine/react/schema-form` and load it on demand.
 */
export { I18nProvider, useMessageFormat, useT } from './i18n';
export { useFormatDate } from './use-format-date';
export {
  LanguageTabs,
  ownLanguageName,
  type LanguageTabsProps,
  type TabLanguage,
} from './language-tabs';
export { SessionProvider, useSession, type SessionValue } from './session';
export { LoaderProvider, useLoader, type LoaderControls } from './loader';
export { createRoutes, type RouteHandle, type RouteRegistry } from './routes';
export {
  BlockingBrowserRouter,
  createBlockingHistory,
  routeMatches,
  RouteTree,
  useRouteMatches,
  type BlockingHistory,
  type NavigationBlock,
  type RouteMatchInfo,
} from './router';
export { useNavigationBlocker } from './navigation-blocker';
export { useChildPages, type ChildPageLink } from './child-pages';
export {
  PageTitleRecorder,
  SiteNameProvider,
  useBreadcrumbLabel,
  useBreadcrumbs,
  useBreadcrumbsShown,
  usePageTitle,
  type Breadcrumb,
} from './navigation-hooks';
export { ThemeStyle } from './theme-style';
