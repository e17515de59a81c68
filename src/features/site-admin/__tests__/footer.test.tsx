import { translatablePaths, valueAtPath, type ContentTranslations } from '@engine/core';
import { footerSettingsSchema, type FooterSettings } from '@schemas/entities/settings.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { footer, renderShell } from '@/shell/__tests__/test-utils';
import { Footer } from '@/shell/footer/footer';
import FooterPage from '../pages/footer-page';
import { admin } from './fixtures';

setupMockServer();

// A failed save fetches the footer again.
const storedFooter = http.get('*/api/v2/settings', ({ request }) =>
  new URL(request.url).searchParams.get('type') === 'footer'
    ? HttpResponse.json({ data: footer })
    : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
);

/** The footer's texts in the default language, as the server keeps them, and in Arabic. */
let keptTexts: FooterSettings = footer;
let keptTranslations: ContentTranslations = {};
const defaultTexts = (value: FooterSettings) =>
  Object.fromEntries(
    translatablePaths(footerSettingsSchema).flatMap((p) => {
      const text = valueAtPath(value, p);
      return typeof text === 'string' ? [[p, text]] : [];
    }),
  );

beforeEach(() => {
  keptTexts = footer;
  keptTranslations = {};
  server.use(
    http.get('*/api/v2/content-translations/footer/footer', () =>
      HttpResponse.json({
        data: {
          source: 'footer',
          id: 'footer',
          fields: defaultTexts(keptTexts),
          translations: keptTranslations,
        },
      }),
    ),
  );
});

const path = '/settings/site/footer';
const page = (
  <>
    <FooterPage />
    <Footer />
  </>
);

describe('Footer page', () => {
  it("edits the default language's texts beside each other language's, whatever the reader's language", async () => {
    keptTranslations = { ar: { footer_text: 'التعلّم للجميع.' } };
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/languages', () =>
        HttpResponse.json({
          data: [
            { langcode: 'en', name: 'English', direction: 0, weight: 0 },
            { langcode: 'ar', name: 'Arabic', direction: 1, weight: 1 },
          ],
        }),
      ),
      http.get('*/api/v2/settings', ({ request }) =>
        new URL(request.url).searchParams.get('type') === 'general'
          ? HttpResponse.json({ data: { default_language: 'en' } })
          : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
      http.post('*/api/v2/settings/footer', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: footer });
      }),
    );
    // The footer under the page is read in Arabic.
    renderShell(page, { user: admin, path, footer: { ...footer, footer_text: 'التعلّم للجميع.' } });

    const text = await screen.findByLabelText('Footer text');
    expect(text).toHaveValue('Learning for everyone.');
    const tabs = await screen.findByRole('tablist', { name: 'Languages of Footer text' });
    await userEvent.click(within(tabs).getByRole('tab', { name: /العربية/ }));
    const arabic = screen.getByLabelText('Footer text (Arabic)');
    expect(arabic).toHaveValue('التعلّم للجميع.');
    await userEvent.clear(arabic);
    await userEvent.type(arabic, 'نتعلّم معًا.');
    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));

    expect(await screen.findByText('The footer has been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ translations: { ar: { footer_text: 'نتعلّم معًا.' } } }]);
  }, 20_000);

  it('sends only the changed settings and updates the footer at once', async () => {
    const bodies: unknown[] = [];
    let stored: FooterSettings = { ...footer };
    server.use(
      http.post('*/api/v2/settings/footer', async ({ request }) => {
        const body = (await request.json()) as Partial<FooterSettings>;
        bodies.push(body);
        stored = { ...stored, ...body };
        keptTexts = stored;
        return HttpResponse.json({ data: stored });
      }),
    );
    renderShell(page, { user: admin, path });

    const about = await screen.findByRole('group', { name: 'About link' });
    const aboutText = within(about).getByLabelText('Link text');
    expect(aboutText).toHaveValue('About us');
    expect(within(about).getByLabelText('Address')).toHaveValue('/about');
    expect(screen.getByLabelText('Footer text')).toHaveValue('Learning for everyone.');

    await userEvent.clear(aboutText);
    await userEvent.type(aboutText, 'Who we are');
    await userEvent.clear(screen.getByLabelText('Version'));
    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));

    expect(await screen.findByText('The footer has been saved.')).toBeInTheDocument();
    // A changed link is sent whole; untouched settings are not sent at all.
    expect(bodies).toEqual([{ about: { title: 'Who we are', url: '/about' }, version: '' }]);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'Who we are' })).toHaveAttribute('href', '/about');
    expect(within(nav).queryByRole('link', { name: 'About us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Version 2.4.1' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  }, 20_000);

  it("puts the server's field message on its field and keeps the footer as it was", async () => {
    server.use(
      storedFooter,
      http.post('*/api/v2/settings/footer', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [{ path: 'privacy_policy[url]', text: 'Must be a path or a web address' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(page, { user: admin, path });

    const privacy = await screen.findByRole('group', { name: 'Privacy policy link' });
    const address = within(privacy).getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));

    expect(await within(privacy).findByText('Must be a path or a web address')).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(/Must be a path or a web address/);
    expect(screen.queryByText('The footer has been saved.')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', {
        name: 'Privacy policy',
      }),
    ).toHaveAttribute('href', '/privacy');
  }, 20_000);

  it("shows other failures in a notification with the server's message", async () => {
    server.use(
      storedFooter,
      http.post('*/api/v2/settings/footer', () =>
        HttpResponse.json(
          { message: 'The settings are being changed by someone else.' },
          { status: 409 },
        ),
      ),
    );
    renderShell(page, { user: admin, path });
    const copyright = await screen.findByLabelText('Copyright notice');
    await userEvent.type(copyright, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    expect(
      await screen.findByText('The settings are being changed by someone else.'),
    ).toBeInTheDocument();
  }, 20_000);
});
