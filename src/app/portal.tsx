import { createRoutes, LoaderProvider } from '@engine/react';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import routesConfig from '../../routes.config.json';
import { AppErrorBoundary, TranslatedCrashScreen } from '@/shell/crash/crash-screen';
import { BareLayout } from '@/shell/layout/bare-layout';
import { StandardLayout } from '@/shell/layout/standard-layout';
import { FullScreenLoader } from '@/shell/loader/full-screen-loader';
import { NotificationsProvider } from '@/shell/notifications/notifications-provider';
import { AppProviders } from './app-providers';
import { pages } from './pages';

/** The portal's routes, from routes.config.json, for the browser's router and the server's. */
export function portalRoutes(): RouteObject[] {
  return createRoutes(routesConfig as RoutesConfig, {
    pages,
    layouts: { standard: StandardLayout, bare: BareLayout },
    errorElement: <TranslatedCrashScreen />,
  });
}

/**
 * The portal around its router (`children`): the same tree in the browser and on the server, so
 * the browser can take over the page the server rendered.
 */
export function Portal({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <LoaderProvider>
            <AppProviders>
              <NotificationsProvider>
                <FullScreenLoader />
                {children}
              </NotificationsProvider>
            </AppProviders>
          </LoaderProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
