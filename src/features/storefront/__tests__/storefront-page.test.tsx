import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import StorefrontPage from '../pages/storefront-page';
import { layout, section } from './fixtures';

setupMockServer();

const cta = section(1, 'call_to_action', {
  heading: 'Keep learning',
  button: { label: 'My overview', url: '/dashboard' },
});

describe('Storefront page', () => {
  it("links a visitor's title to the start page", async () => {
    server.use(http.get('*/api/v2/storefront', () => HttpResponse.json({ data: layout([cta]) })));
    renderShell(<StorefrontPage />, { user: null, path: '/storefront' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Storefront' });
    expect(screen.getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');
    expect(heading.querySelector('a')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Keep learning' })).toBeInTheDocument();
  });

  it("shows a signed-in user's title as plain text and their layout", async () => {
    server.use(
      http.get('*/api/v2/storefront', () =>
        HttpResponse.json({ data: layout([cta], 'registered') }),
      ),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    expect(screen.getByRole('heading', { level: 1, name: 'Storefront' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Storefront' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My overview' })).toBeInTheDocument();
  });

  it('offers a retry when the layout fails to load', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v2/storefront', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
          : HttpResponse.json({ data: layout([cta], 'registered') });
      }),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The storefront could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Keep learning' })).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    server.use(
      http.get('*/api/v2/storefront', () => HttpResponse.json({ data: layout([], 'registered') })),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all trainings' })).toHaveAttribute(
      'href',
      '/trainings',
    );
  });
});
