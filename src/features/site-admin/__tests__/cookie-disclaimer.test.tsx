import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import CookieDisclaimerPage from '../pages/cookie-disclaimer-page';
import { admin } from './fixtures';
import { siteLanguages } from './texts-fixtures';

setupMockServer();

const path = '/settings/site/cookies';
const cookies = { disclaimer_text: '<p>We use cookies.</p>', agreed: true };
/** The default language's text the server keeps; the banner itself may show another language's. */
let kept = cookies.disclaimer_text;
/** How often the page asked for the kept text. */
let keptGets = 0;
/** The other languages' texts the server keeps. */
let keptTranslations: Record<string, Record<string, string>> = {};

beforeEach(() => {
  kept = cookies.disclaimer_text;
  keptGets = 0;
  keptTranslations = { ar: { disclaimer_text: '<p>نستخدم ملفات تعريف الارتباط.</p>' } };
  server.use(
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: siteLanguages() })),
    http.get('*/api/v2/settings', ({ request }) =>
      new URL(request.url).searchParams.get('type') === 'general'
        ? HttpResponse.json({ data: { default_language: 'en' } })
        : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.get('*/api/v2/content-translations/cookie_disclaimer/cookie_disclaimer', () => {
      keptGets += 1;
      return HttpResponse.json({
        data: {
          source: 'cookie_disclaimer',
          id: 'cookie_disclaimer',
          fields: { disclaimer_text: kept },
          translations: keptTranslations,
        },
      });
    }),
  );
});

async function replaceText(html: string) {
  const field = screen.getByLabelText('Banner text (HTML)');
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(html);
  return field;
}

describe('Cookie disclaimer page', () => {
  it("edits the default language's text, whatever language the banner is read in", async () => {
    renderShell(<CookieDisclaimerPage />, {
      user: admin,
      path,
      cookies: { disclaimer_text: '<p>نستخدم ملفات تعريف الارتباط.</p>', agreed: true },
    });
    expect(await screen.findByLabelText('Banner text (HTML)')).toHaveValue(cookies.disclaimer_text);
  }, 20_000);

  it('previews the text without scripts or event handlers', async () => {
    renderShell(<CookieDisclaimerPage />, { user: admin, path, cookies });
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('We use cookies.')).toBeInTheDocument();

    await replaceText(
      '<p>Read <a href="/privacy" onclick="alert(1)">our policy</a></p>' +
        '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">' +
        '<a href="javascript:alert(1)">bad link</a><strong style="color:red">Thanks</strong>',
    );

    const link = within(preview).getByRole('link', { name: 'our policy' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).not.toHaveAttribute('onclick');
    expect(within(preview).getByText('Thanks').tagName).toBe('STRONG');
    expect(within(preview).getByText('Thanks')).not.toHaveAttribute('style');
    expect(within(preview).getByText('bad link')).not.toHaveAttribute('href');
    expect(preview.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText(/Allowed tags: <p> <br> <strong>/)).toBeInTheDocument();
  }, 20_000);

  it('asks before saving a changed text, then saves it and reads the kept text again', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v2/settings/cookies-disclaimer', async ({ request }) => {
        const body = (await request.json()) as { disclaimer_text: string };
        bodies.push(body);
        // The server drops what it does not allow.
        kept = body.disclaimer_text.replace(/<script>.*<\/script>/, '');
        return HttpResponse.json({ data: { disclaimer_text: kept, version: 2 } });
      }),
    );
    renderShell(<CookieDisclaimerPage />, { user: admin, path, cookies });
    await screen.findByRole('region', { name: 'Preview' });

    const field = await replaceText(
      '<p>We use <em>necessary</em> cookies.</p><script>x()</script>',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    let dialog = screen.getByRole('dialog', { name: 'Show the banner to everyone again?' });
    expect(dialog).toHaveTextContent(/everyone who accepted the old one will see the banner again/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    dialog = screen.getByRole('dialog', { name: 'Show the banner to everyone again?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and show again' }));

    expect(await screen.findByText('The cookie disclaimer has been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { disclaimer_text: '<p>We use <em>necessary</em> cookies.</p><script>x()</script>' },
    ]);
    expect(
      screen.getByText('Markup that is not allowed was removed from the text.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('<p>We use <em>necessary</em> cookies.</p>');
    // What the page edits is read again from the server.
    await waitFor(() => expect(keptGets).toBe(2));
  }, 20_000);

  it('saves nothing when the text has not changed', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v2/settings/cookies-disclaimer', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { disclaimer_text: '', version: 1 } });
      }),
    );
    renderShell(<CookieDisclaimerPage />, { user: admin, path, cookies });
    await userEvent.click(await screen.findByRole('button', { name: 'Save disclaimer' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  }, 20_000);

  it("shows the server's message on the text field", async () => {
    server.use(
      http.post('*/api/v2/settings/cookies-disclaimer', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [{ path: 'disclaimer_text', text: 'Must be at most 20000 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(<CookieDisclaimerPage />, { user: admin, path, cookies });
    await screen.findByRole('region', { name: 'Preview' });
    const field = await replaceText('<p>New text</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and show again' }));
    expect(await screen.findByText('Must be at most 20000 characters')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Must be at most 20000 characters/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it("edits each language's text in a tab named in that language, previewed in its direction", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v2/settings/cookies-disclaimer', async ({ request }) => {
        const body = (await request.json()) as {
          disclaimer_text: string;
          translations?: Record<string, Record<string, string>>;
        };
        bodies.push(body);
        if (body.translations) keptTranslations = body.translations;
        return HttpResponse.json({ data: { disclaimer_text: kept, version: 2 } });
      }),
    );
    renderShell(<CookieDisclaimerPage />, { user: admin, path, cookies });
    const tabs = await screen.findByRole('tablist', {
      name: 'Languages of Banner text (HTML)',
    });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['English', 'العربية', 'Français not translated']);
    expect(screen.getByLabelText('Banner text (HTML)')).toHaveValue(cookies.disclaimer_text);

    await userEvent.click(within(tabs).getByRole('tab', { name: 'العربية' }));
    const arabic = screen.getByLabelText('Banner text (HTML) (Arabic)');
    expect(arabic).toHaveValue('<p>نستخدم ملفات تعريف الارتباط.</p>');
    // The HTML reads in its own direction, whatever the page's.
    expect(arabic).toHaveAttribute('dir', 'auto');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      within(preview).getByText('نستخدم ملفات تعريف الارتباط.').closest('[dir]'),
    ).toHaveAttribute('dir', 'rtl');

    await userEvent.clear(arabic);
    await userEvent.click(arabic);
    await userEvent.paste('<p>نستخدم ملفات تعريف الارتباط الضرورية.</p>');
    expect(within(preview).getByText('نستخدم ملفات تعريف الارتباط الضرورية.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and show again' }));

    expect(await screen.findByText('The cookie disclaimer has been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        disclaimer_text: cookies.disclaimer_text,
        translations: { ar: { disclaimer_text: '<p>نستخدم ملفات تعريف الارتباط الضرورية.</p>' } },
      },
    ]);
    // The default language's text is where it was.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'English' }));
    expect(screen.getByLabelText('Banner text (HTML)')).toHaveValue(cookies.disclaimer_text);
  }, 20_000);
});
