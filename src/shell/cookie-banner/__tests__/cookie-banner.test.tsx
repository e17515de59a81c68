import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '../../__tests__/msw';
import { renderShell } from '../../__tests__/test-utils';
import { CookieBanner } from '../cookie-banner';

setupMockServer();

const text =
  '<p>We use cookies. <a href="/privacy">Read more</a></p><img src="x" onerror="alert(1)"><script>alert(2)</script>';

describe('CookieBanner', () => {
  it('is not shown when already agreed or without text', () => {
    const { unmount } = renderShell(<CookieBanner />, {
      cookies: { disclaimer_text: text, agreed: true },
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    unmount();
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: '', agreed: false } });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('shows the sanitized disclaimer in a labelled region', async () => {
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(region).toHaveTextContent('We use cookies.');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/privacy');
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('Accept sends the agreement, hides the banner and reloads the disclaimer', async () => {
    let agreedBody = '';
    let disclaimerLoads = 0;
    server.use(
      http.post('*/system/ajax/cookies-disclaimer/agree', async ({ request }) => {
        agreedBody = await request.text();
        return HttpResponse.json({ data: { agreed: true } });
      }),
      http.get('*/api/v2/settings/cookies-disclaimer', () => {
        disclaimerLoads += 1;
        return HttpResponse.json({ data: { disclaimer_text: text, agreed: true } });
      }),
    );
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument(),
    );
    expect(agreedBody).toContain('ajax=true');
    await waitFor(() => expect(disclaimerLoads).toBeGreaterThanOrEqual(1));
  });

  it('keeps the banner with an error message when the agreement fails', async () => {
    server.use(
      http.post('*/system/ajax/cookies-disclaimer/agree', () =>
        HttpResponse.json(
          { message: 'Invalid or missing XSRF token. Reload the page and try again.' },
          { status: 400 },
        ),
      ),
      http.get('*/api/v2/settings/cookies-disclaimer', () =>
        HttpResponse.json({ data: { disclaimer_text: text, agreed: false } }),
      ),
    );
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Something went wrong, please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });
});
