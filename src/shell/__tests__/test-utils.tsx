import type { Branding, CookieDisclaimer, FooterSettings } from '@schemas/entities/settings.schema';
import type { NavigationItem } from '@schemas/entities/navigation.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import type { AccessFlags } from '@schemas/entities/access-flags.schema';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { createTranslator, type Translator } from '@engine/core';
import {
  I18nProvider,
  LoaderProvider,
  SessionProvider,
  SiteNameProvider,
  type SessionValue,
} from '@engine/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { appearanceQueryKey } from '@/lib/queries/appearance';
import { brandingQueryOptions } from '@/lib/queries/branding';
import { cookieDisclaimerQueryKey } from '@/lib/queries/cookie-disclaimer';
import { footerSettingsQueryOptions } from '@/lib/queries/footer-settings';
import { navigationQueryOptions } from '@/lib/queries/navigation';
import { walletQueryKey } from '@/lib/queries/wallet';
import { createQueryClient } from '@/lib/query-client';
import { NotificationsProvider } from '../notifications/notifications-provider';

export const learner: CurrentUser = {
  uid: 7,
  name: 'learner',
  full_name: 'Lena Maria Schmidt',
  first_name: 'Lena',
  last_name: 'Schmidt',
  avatar: null,
  language: 'en',
};

export const branding = (over: Partial<Branding> = {}): Branding => ({
  site_name: 'Atrium Academy',
  organization_name: 'Atrium',
  login_url: '/user/login',
  signup_url: '/user/register',
  self_registration: true,
  incentives_leaderboard: false,
  incentives_shop_enabled: false,
  breadcrumbs_enabled: true,
  logo: '',
  logo_alt: '',
  site_background: '',
  ...over,
});

export const footer: FooterSettings = {
  about: { title: 'About us', url: '/about' },
  contact: { title: 'Contact', url: '/contact' },
  privacy_policy: { title: 'Privacy policy', url: '/privacy' },
  terms_of_use: { title: 'Terms of use', url: '/terms' },
  footer_text: 'Learning for everyone.',
  footer_copyright: '© 2025 Atrium',
  version: '2.4.1',
  version_url: 'https://example.org/releases/2.4.1',
};

export interface ShellOptions {
  user?: CurrentUser | null;
  flags?: Partial<AccessFlags>;
  branding?: Branding;
  footer?: FooterSettings;
  wallet?: { points: number };
  navigation?: NavigationItem[];
  cookies?: CookieDisclaimer;
  appearance?: Appearance;
  /** Initial address. */
  path?: string;
  /** Routes around `ui`; by default one catch-all route rendering it. */
  routes?: (ui: ReactNode) => RouteObject[];
  translator?: Translator;
  queryClient?: QueryClient;
}

/** Renders `ui` inside the real providers, with query data preset instead of fetched. */
export function renderShell(ui: ReactNode, o: ShellOptions = {}) {
  const queryClient = o.queryClient ?? createQueryClient();
  const siteBranding = o.branding ?? branding();
  queryClient.setQueryData(brandingQueryOptions().queryKey, siteBranding);
  queryClient.setQueryData(footerSettingsQueryOptions().queryKey, o.footer ?? footer);
  queryClient.setQueryData(appearanceQueryKey, o.appearance ?? {});
  queryClient.setQueryData(
    cookieDisclaimerQueryKey,
    o.cookies ?? { disclaimer_text: '', agreed: true },
  );
  if (o.wallet) queryClient.setQueryData(walletQueryKey, o.wallet);
  if (o.navigation) queryClient.setQueryData(navigationQueryOptions().queryKey, o.navigation);

  const user = o.user === undefined ? null : o.user;
  const session: SessionValue = {
    status: 'ready',
    user,
    flags: o.flags ?? {},
  };
  const translator = o.translator ?? createTranslator({ language: 'en', translations: [] });
  const routes = o.routes ? o.routes(ui) : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [o.path ?? '/dashboard'] });

  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider translator={translator}>
        <SessionProvider value={session}>
          <LoaderProvider>
            <NotificationsProvider>
              <SiteNameProvider name={siteBranding.site_name}>
                <RouterProvider router={router} />
              </SiteNameProvider>
            </NotificationsProvider>
          </LoaderProvider>
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** The text of each data cell of a table row (not its row header), as a person reads it. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The text of each item of a list, as a person reads it. */
export const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
