import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import ContentPageEditPage from '../pages/content-page-edit-page';
import { admin } from './fixtures';
import { siteLanguages } from './texts-fixtures';

setupMockServer();

const path = '/settings/site/pages/terms_of_use';
const english = { title: 'Terms of use', body: '<p>By using the site you agree.</p>' };
const arabic = { title: 'شروط الاستخدام', body: '<p>باستخدامك الموقع فإنك توافق.</p>' };
const updated_at = '2026-11-01T10:00:00.000Z';

beforeEach(() => {
  server.use(
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: siteLanguages() })),
    http.get('*/api/v2/settings/content-pages/terms_of_use', () =>
      HttpResponse.json({
        data: {
          key: 'terms_of_use',
          path: '/terms-of-use',
          name: 'Terms of use',
          // Written in English and Arabic, not yet in French.
          versions: [
            { langcode: 'en', ...english, updated_at },
            { langcode: 'ar', ...arabic, updated_at },
          ],
        },
      }),
    ),
  );
});

const renderPage = () =>
  renderShell(<ContentPageEditPage />, {
    user: admin,
    path,
    routes: (ui) => [{ path: '/settings/site/pages/:key', element: ui }],
  });

describe('Content page editor', () => {
  it('offers a tab per language, named in that language, and says which are not written yet', async () => {
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Languages of Terms of use' });
    const all = within(tabs).getAllByRole('tab');
    expect(all.map((tab) => tab.textContent)).toEqual([
      'English',
      'العربية',
      'Français not translated',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'English' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel', { name: 'English' });
    expect(within(panel).getByLabelText('Title')).toHaveValue(english.title);
    expect(within(panel).getByLabelText('Text (HTML)')).toHaveValue(english.body);
    // Not a select any more.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("shows a language's title and text in its tab, in its direction, reached by the keyboard", async () => {
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Languages of Terms of use' });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'English' }));
    await userEvent.keyboard('{ArrowRight}');
    const arabicTab = within(tabs).getByRole('tab', { name: 'العربية' });
    expect(arabicTab).toHaveAttribute('aria-selected', 'true');
    expect(arabicTab).toHaveFocus();
    const panel = screen.getByRole('tabpanel', { name: 'العربية' });
    const title = within(panel).getByLabelText('Title');
    expect(title).toHaveValue(arabic.title);
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(title).toHaveAttribute('lang', 'ar');
    expect(within(panel).getByLabelText('Text (HTML)')).toHaveValue(arabic.body);

    // A language not written yet starts empty.
    await userEvent.click(within(tabs).getByRole('tab', { name: /Français/ }));
    const french = screen.getByRole('tabpanel', { name: /Français/ });
    expect(within(french).getByLabelText('Title')).toHaveValue('');
    expect(within(french).getByLabelText('Text (HTML)')).toHaveValue('');
  });

  it("saves the chosen language's text under its language", async () => {
    const saved: { langcode: string | undefined; body: unknown }[] = [];
    server.use(
      http.put(
        '*/api/v2/settings/content-pages/terms_of_use/:langcode',
        async ({ request, params }) => {
          const body = (await request.json()) as { title: string; body: string };
          saved.push({ langcode: params.langcode as string, body });
          return HttpResponse.json({ data: { langcode: params.langcode, ...body, updated_at } });
        },
      ),
    );
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Languages of Terms of use' });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'العربية' }));
    const field = within(screen.getByRole('tabpanel', { name: 'العربية' })).getByLabelText(
      'Text (HTML)',
    );
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('<p>نص جديد.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('The page has been saved.')).toBeInTheDocument();
    expect(saved).toEqual([
      { langcode: 'ar', body: { title: arabic.title, body: '<p>نص جديد.</p>' } },
    ]);
  });
});
