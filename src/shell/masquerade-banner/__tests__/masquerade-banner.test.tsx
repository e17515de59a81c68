import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '../../__tests__/msw';
import { learner, renderShell } from '../../__tests__/test-utils';
import { MasqueradeBanner } from '../masquerade-banner';

setupMockServer();

const actingAsLearner = {
  ...learner,
  real_user: { uid: 1, name: 'admin', full_name: 'Ada Admin' },
};

const routes = (ui: React.ReactNode) => [
  { path: '/dashboard', element: ui },
  { path: '/settings/site/users/:uid', element: <h1>User page</h1> },
];

describe('MasqueradeBanner', () => {
  it('is not there for a user acting as themselves', () => {
    renderShell(<MasqueradeBanner />, { user: learner });
    expect(screen.queryByRole('region', { name: 'Acting as another user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch back' })).toBeNull();
  });

  it('names both people and switches back to the user’s administration page', async () => {
    let stopped = 0;
    server.use(
      http.post('*/api/v2/admin/masquerade/stop', () => {
        stopped += 1;
        return HttpResponse.json({ data: { uid: 1, name: 'admin', full_name: 'Ada Admin' } });
      }),
    );
    const { router } = renderShell(<MasqueradeBanner />, { user: actingAsLearner, routes });

    const banner = screen.getByRole('region', { name: 'Acting as another user' });
    expect(banner).toHaveTextContent(
      `You are acting as ${learner.full_name}. Everything you do is recorded as done by Ada Admin.`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch back' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/settings/site/users/${learner.uid}`),
    );
    expect(stopped).toBe(1);
  });

  it('says so when switching back fails, and stays', async () => {
    server.use(
      http.post('*/api/v2/admin/masquerade/stop', () =>
        HttpResponse.json({ message: 'You are not acting as another user.' }, { status: 409 }),
      ),
    );
    const { router } = renderShell(<MasqueradeBanner />, { user: actingAsLearner, routes });

    await userEvent.click(screen.getByRole('button', { name: 'Switch back' }));

    expect(await screen.findByText('Could not switch back. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Switch back' })).toBeEnabled();
  });
});
