import { createRoutes } from '@engine/react';
import type { RouteConfig } from '@schemas/config/routes-config.schema';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import routesConfig from '../../../../routes.config.json';
import SettingsDocumentPage from '../pages/settings-document-page';

setupMockServer();

const admin = {
  uid: 1,
  name: 'admin',
  full_name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  avatar: null,
  language: 'en',
};

/** The routes.config.json entry that shows a document, with its absolute path. */
function documentRoute(key: string): RouteConfig & { path: string } {
  const find = (routes: RouteConfig[], base: string): (RouteConfig & { path: string }) | null => {
    for (const route of routes) {
      const path = route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
      if (route.page === 'settings-document' && route.document === key) return { ...route, path };
      const found = route.children ? find(route.children, path) : null;
      if (found) return found;
    }
    return null;
  };
  const route = find(routesConfig.routes as RouteConfig[], '');
  if (!route) throw new Error(`No route shows the settings document "${key}".`);
  return route;
}

const badges = settingsDocuments.find((d) => d.key === 'badges')!;
const route = documentRoute(badges.key);
const api = `*/api/v2/settings/documents/${badges.key}`;

const stored = {
  enabled: false,
  title: 'Your badge',
  levels: [
    { name: 'Bronze', points: 100 },
    { name: 'Silver', points: 500 },
  ],
};

/** The page as the portal's router builds it from the route's declaration. */
function renderDocumentPage() {
  const Frame = ({ children }: { children?: ReactNode }) => <>{children}</>;
  return renderShell(null, {
    user: admin,
    flags: { incentives_settings: true },
    path: route.path,
    routes: () =>
      createRoutes(
        { routes: [route] },
        {
          pages: { 'settings-document': SettingsDocumentPage },
          layouts: { standard: Frame, bare: Frame },
        },
      ),
  });
}

describe('a settings document page', () => {
  it('renders the form the declaration describes and saves the whole document', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(api, () => HttpResponse.json({ data: stored })),
      http.put(api, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return HttpResponse.json({ data: body });
      }),
    );
    renderDocumentPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeInTheDocument();
    expect(screen.getByText(badges.schema.description!)).toBeInTheDocument();
    const heading = await screen.findByLabelText(/^Heading/);
    expect(heading).toHaveValue('Your badge');
    expect(screen.getByText('What learners see above their badge.')).toBeInTheDocument();
    const show = screen.getByRole('checkbox', { name: 'Show badges to learners' });
    expect(show).not.toBeChecked();
    expect(screen.getAllByLabelText(/^Name/).map((i) => (i as HTMLInputElement).value)).toEqual([
      'Bronze',
      'Silver',
    ]);

    await userEvent.click(show);
    await userEvent.clear(heading);
    await userEvent.type(heading, 'Your rank');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The settings have been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...stored, enabled: true, title: 'Your rank' }]);
  }, 20_000);

  it("shows the server's field message at its field and keeps what was typed", async () => {
    server.use(
      http.get(api, () => HttpResponse.json({ data: stored })),
      http.put(api, () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [{ path: 'levels[1][points]', text: 'Must be at most 1000000' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderDocumentPage();

    const points = (await screen.findAllByLabelText(/^Points needed/))[1]!;
    await userEvent.clear(points);
    await userEvent.type(points, '999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be at most 1000000')).toBeInTheDocument();
    expect(points).toHaveAccessibleDescription(/Must be at most 1000000/);
    expect(points).toHaveValue(999);
    expect(screen.queryByText('The settings have been saved.')).not.toBeInTheDocument();
  }, 20_000);

  it('shows a loading state until the document arrives, then the form', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(
        api,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ data: stored }));
          }),
      ),
    );
    renderDocumentPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    answer();
    const form = await screen.findByRole('button', { name: 'Save' });
    expect(within(form.closest('form')!).getByLabelText(/^Heading/)).toHaveValue('Your badge');
  }, 20_000);
});
