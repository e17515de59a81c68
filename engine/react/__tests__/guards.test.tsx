import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import {
  createRoutes,
  LoaderProvider,
  SessionProvider,
  useLoader,
  type SessionValue,
} from '../index';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
const page = (name: string) =>
  function Page() {
    return (
      <>
        <h1>{name}</h1>
        <Where />
      </>
    );
  };
function LoaderProbe() {
  return <p data-testid="loader">{useLoader().visible ? 'shown' : 'hidden'}</p>;
}
const Standard = ({ children }: { children?: ReactNode }) => (
  <div data-testid="standard">{children}</div>
);
const Bare = ({ children }: { children?: ReactNode }) => <div data-testid="bare">{children}</div>;

// Made-up flag names: the engine checks whatever flags a route names, knowing none of them.
const welcomeOpen = 'welcome_open' as AccessFlag;
const reportsEnabled = 'reports_enabled' as AccessFlag;
const reportsView = 'reports_view' as AccessFlag;
const archiveOpen = 'archive_open' as AccessFlag;
const granted = (...names: AccessFlag[]): SessionValue['flags'] =>
  Object.fromEntries(names.map((name) => [name, true]));

const config: RoutesConfig = {
  routes: [
    {
      path: '/',
      page: 'home',
      visitorsOnly: { otherwise: '/dashboard' },
      access: [{ flags: [welcomeOpen], otherwise: '/user/login' }],
    },
    { path: '/dashboard', page: 'dashboard', signedIn: true },
    { path: '/user/login', page: 'login' },
    {
      path: '/reports',
      signedIn: true,
      access: [{ flags: [reportsEnabled], notFound: true }, { flags: [reportsView] }],
      children: [
        { path: '', page: 'reports' },
        { path: 'editor', page: 'editor', layout: 'bare' },
      ],
    },
    {
      path: '/archive',
      access: [{ flags: [archiveOpen], otherwise: '/help' }],
      children: [{ path: '', page: 'archive' }],
    },
    { path: '/help', page: 'help' },
    {
      path: '/join',
      children: [{ path: '', page: 'join', visitorsOnly: { otherwise: '/help' } }],
    },
    { path: '/not-found', page: 'not-found' },
    { path: '/denied', page: 'denied' },
  ],
};
const pages = Object.fromEntries(
  [
    'home',
    'dashboard',
    'login',
    'reports',
    'editor',
    'archive',
    'help',
    'join',
    'not-found',
    'denied',
  ].map((key) => [key, page(key)]),
);

const user = { uid: 7, name: 'learner' };
const ready = (over: Partial<SessionValue> = {}): SessionValue => ({
  status: 'ready',
  user,
  flags: granted(welcomeOpen),
  ...over,
});

function renderAt(path: string, session: SessionValue) {
  const router = createMemoryRouter(
    createRoutes(config, { pages, layouts: { standard: Standard, bare: Bare } }),
    {
      initialEntries: [path],
    },
  );
  const view = (value: SessionValue) => (
    <LoaderProvider>
      <SessionProvider value={value}>
        <RouterProvider router={router} />
        <LoaderProbe />
      </SessionProvider>
    </LoaderProvider>
  );
  const result = render(view(session));
  return { ...result, router, update: (value: SessionValue) => result.rerender(view(value)) };
}

describe('protected-area guard', () => {
  it('shows the loader while the user loads, then the page', async () => {
    const { update } = renderAt('/dashboard', ready({ status: 'loading', user: null }));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByTestId('loader')).toHaveTextContent('shown');
    update(ready());
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('standard')).toBeInTheDocument();
    // Guards hide the loader 500 ms after the user arrives.
    expect(screen.getByTestId('loader')).toHaveTextContent('shown');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByTestId('loader')).toHaveTextContent('hidden');
  });

  it('sends a visitor to the login page with the path to come back to', async () => {
    renderAt('/dashboard?tab=2', ready({ user: null }));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/user/login?redirectTo=${encodeURIComponent('/dashboard?tab=2')}`,
    );
  });

  it('treats a session error as signed out', async () => {
    renderAt('/dashboard', ready({ status: 'error' }));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
  });
});

describe('feature guard', () => {
  it('goes to /not-found when a rule marked notFound fails', async () => {
    renderAt('/reports', ready({ flags: granted(reportsView) }));
    expect(await screen.findByRole('heading', { name: 'not-found' })).toBeInTheDocument();
  });

  it('goes to /denied when another rule fails', async () => {
    renderAt('/reports', ready({ flags: granted(reportsEnabled) }));
    expect(await screen.findByRole('heading', { name: 'denied' })).toBeInTheDocument();
  });

  it('renders the page, in the layout its route asks for, when every rule passes', async () => {
    renderAt('/reports', ready({ flags: granted(reportsEnabled, reportsView) }));
    expect(await screen.findByRole('heading', { name: 'reports' })).toBeInTheDocument();
    expect(screen.getByTestId('standard')).toBeInTheDocument();
  });

  it('guards children in another layout too', async () => {
    renderAt('/reports/editor', ready({ flags: granted(reportsEnabled) }));
    expect(await screen.findByRole('heading', { name: 'denied' })).toBeInTheDocument();
    renderAt('/reports/editor', ready({ flags: granted(reportsEnabled, reportsView) }));
    expect(await screen.findByRole('heading', { name: 'editor' })).toBeInTheDocument();
    expect(screen.getByTestId('bare')).toBeInTheDocument();
  });

  it("sends whoever lacks a rule's flags to the path the rule declares", async () => {
    renderAt('/archive', ready({ user: null }));
    expect(await screen.findByRole('heading', { name: 'help' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/help$/);
    renderAt('/archive', ready({ flags: granted(archiveOpen) }));
    expect(await screen.findByRole('heading', { name: 'archive' })).toBeInTheDocument();
  });
});

describe('visitors-only page', () => {
  it('sends a signed-in user to the declared path', async () => {
    renderAt('/join', ready());
    expect(await screen.findByRole('heading', { name: 'help' })).toBeInTheDocument();
  });

  it('shows a visitor the page inside its layout', async () => {
    renderAt('/join', ready({ user: null }));
    expect(await screen.findByRole('heading', { name: 'join' })).toBeInTheDocument();
    expect(screen.getByTestId('standard')).toBeInTheDocument();
  });
});

describe("visitors' landing page", () => {
  it('sends a signed-in user to /dashboard', async () => {
    renderAt('/', ready());
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
  });

  it('shows nothing while the session loads', () => {
    const { container } = renderAt('/', ready({ status: 'loading', user: null }));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('standard')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('hidden');
  });

  it('sends a visitor without its flag to the login page', async () => {
    renderAt('/', ready({ user: null, flags: {} }));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/login$/);
  });

  it('shows the page in the standard layout to a visitor', async () => {
    renderAt('/', ready({ user: null }));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(screen.getByTestId('standard')).toBeInTheDocument();
  });
});

describe('createRoutes', () => {
  it('refuses a page key missing from the registry', () => {
    expect(() =>
      createRoutes(
        { routes: [{ path: '/x', page: 'missing' }] },
        { pages, layouts: { standard: Standard, bare: Bare } },
      ),
    ).toThrow(/no page "missing"/);
  });
});
