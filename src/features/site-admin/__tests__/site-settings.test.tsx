import type { Branding, SiteSettings } from '@schemas/entities/settings.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { brandingQueryOptions } from '@/lib/queries/branding';
import { siteSettingsQueryKey } from '@/lib/queries/site-admin-settings';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import SiteSettingsPage from '../pages/site-settings-page';
import { admin, siteSettings } from './fixtures';
import { siteLanguages } from './texts-fixtures';

setupMockServer();

/** The site's texts in the other languages, as the server keeps them. */
let keptTranslations: Record<string, Record<string, string>> = {};

beforeEach(() => {
  keptTranslations = {};
  server.use(
    http.get('*/api/v2/content-translations/site/site', () =>
      HttpResponse.json({
        data: {
          source: 'site',
          id: 'site',
          fields: { site_name: siteSettings().site_name },
          translations: keptTranslations,
        },
      }),
    ),
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: siteLanguages() })),
    http.get('*/api/v2/settings', ({ request }) =>
      new URL(request.url).searchParams.get('type') === 'general'
        ? HttpResponse.json({ data: { default_language: 'en' } })
        : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
  );
});

const path = '/settings/site/settings';

describe('Site settings page', () => {
  it('loads the settings, sends only the changed fields and updates the header at once', async () => {
    const bodies: unknown[] = [];
    let stored = siteSettings();
    server.use(
      http.get('*/api/v2/settings/site', () => HttpResponse.json({ data: stored })),
      http.post('*/api/v2/settings/site', async ({ request }) => {
        const body = (await request.json()) as Partial<SiteSettings>;
        bodies.push(body);
        stored = { ...stored, ...body };
        return HttpResponse.json({ data: stored });
      }),
    );
    const { queryClient } = renderShell(<SiteSettingsPage />, { user: admin, path });

    // The name is edited once its tabs are in (they come with the site's languages).
    await screen.findByRole('tablist', { name: 'Languages of Site name' });
    const siteName = screen.getByLabelText(/^Site name/);
    expect(siteName).toHaveValue('Atrium Academy');
    expect(screen.getByLabelText('Organization name')).toHaveValue('Atrium Learning');
    // Absent switches are on, as the server treats them.
    expect(screen.getByRole('checkbox', { name: 'Public catalogue' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Reward shop' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Features' })).toBeInTheDocument();

    await userEvent.clear(siteName);
    await userEvent.type(siteName, 'Northwind Campus');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reward shop' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Breadcrumbs' }));
    await userEvent.clear(screen.getByLabelText('Sign-up address'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('The site settings have been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        site_name: 'Northwind Campus',
        signup_url: '',
        incentives_shop_enabled: true,
        breadcrumbs_enabled: false,
      },
    ]);
    expect(queryClient.getQueryData<SiteSettings>(siteSettingsQueryKey)?.site_name).toBe(
      'Northwind Campus',
    );
    expect(queryClient.getQueryData<Branding>(brandingQueryOptions().queryKey)).toMatchObject({
      site_name: 'Northwind Campus',
      signup_url: '',
      breadcrumbs_enabled: false,
    });

    // Saving again without changes sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  }, 20_000);

  it("puts the server's field message on its field", async () => {
    server.use(
      http.get('*/api/v2/settings/site', () => HttpResponse.json({ data: siteSettings() })),
      http.post('*/api/v2/settings/site', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [{ path: 'login_url', text: 'Must be a path or a web address' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(<SiteSettingsPage />, { user: admin, path });

    const login = await screen.findByLabelText('Log-in address');
    await userEvent.clear(login);
    await userEvent.type(login, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    const links = screen.getByRole('group', { name: 'Sign-in links' });
    expect(await within(links).findByText('Must be a path or a web address')).toBeInTheDocument();
    expect(screen.getByLabelText('Log-in address')).toHaveAccessibleDescription(
      /Must be a path or a web address/,
    );
    expect(screen.getByLabelText('Log-in address')).toHaveValue('javascript:alert(1)');
    expect(screen.queryByText('The site settings have been saved.')).not.toBeInTheDocument();
  }, 20_000);

  it('asks for a site name before saving', async () => {
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/settings/site', () => HttpResponse.json({ data: siteSettings() })),
      http.post('*/api/v2/settings/site', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ data: siteSettings() });
      }),
    );
    renderShell(<SiteSettingsPage />, { user: admin, path });
    await screen.findByRole('tablist', { name: 'Languages of Site name' });
    await userEvent.clear(screen.getByLabelText(/^Site name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(posts).toEqual([]);
  }, 20_000);

  it("edits the site's name per language in tabs named in each language, and sends only the texts", async () => {
    keptTranslations = { fr: { site_name: 'Académie Atrium' } };
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/settings/site', () => HttpResponse.json({ data: siteSettings() })),
      http.post('*/api/v2/settings/site', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: siteSettings() });
      }),
    );
    renderShell(<SiteSettingsPage />, { user: admin, path });

    const tabs = await screen.findByRole('tablist', { name: 'Languages of Site name' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['English', 'العربية not translated', 'Français']);
    expect(screen.getByLabelText(/^Site name/)).toHaveValue('Atrium Academy');
    await userEvent.click(within(tabs).getByRole('tab', { name: /العربية/ }));
    const arabic = screen.getByLabelText('Site name (Arabic)');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await userEvent.type(arabic, 'أكاديمية أتريوم');
    // The logo's description has tabs of its own.
    expect(
      screen.getByRole('tablist', { name: 'Languages of Logo text alternative' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('The site settings have been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        translations: {
          ar: { site_name: 'أكاديمية أتريوم' },
          fr: { site_name: 'Académie Atrium' },
        },
      },
    ]);
  }, 20_000);
});
