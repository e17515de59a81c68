export { I18nProvider, useT } from './i18n';
export { useFormatDate } from './use-format-date';
export { SessionProvider, useSession, type SessionValue } from './session';
export { LoaderProvider, useLoader, type LoaderControls } from './loader';
export { createRoutes, type RouteHandle, type RouteRegistry } from './routes';
export { useBreadcrumbs, usePageTitle, type Breadcrumb } from './navigation-hooks';
export { SchemaForm, type SchemaFormProps } from './schema-form';
export { ThemeStyle } from './theme-style';
