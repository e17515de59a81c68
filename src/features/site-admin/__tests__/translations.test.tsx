import type { ContentUntranslated } from '@schemas/entities/content-translations.schema';
import type { Translation } from '@schemas/entities/language.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import TranslationsPage from '../pages/translations-page';
import { admin } from './fixtures';
import { siteLanguages } from './texts-fixtures';

setupMockServer();

const routes = (ui: ReactNode) => [
  { path: '/settings/site/languages/:langcode', element: ui },
  { path: '/settings/site/languages', element: <p>Languages list</p> },
];

/** The Arabic interface: two translated strings, two untranslated ones. */
function translationsApi(
  o: { translations?: Translation[]; untranslated?: string[]; content?: boolean } = {},
) {
  const calls = { puts: [] as unknown[], contentPuts: [] as unknown[], gets: 0, untranslated: 0 };
  // One reward whose title and picture description have no Arabic text yet.
  let content: ContentUntranslated = {
    total: 2,
    sources: [
      {
        source: 'footer',
        label: 'Footer',
        fields: [{ field: 'text', titles: ['Footer text'] }],
        untranslated: 0,
        edit_path: '/settings/site/footer',
      },
      {
        source: 'incentive_product',
        label: 'Rewards',
        fields: [
          { field: 'title', titles: ['Title'] },
          { field: 'image.alt', titles: ['Image', 'Image description'] },
        ],
        untranslated: 2,
        edit_path: '/settings/incentives/products/:id/edit',
      },
    ],
    items: [
      { source: 'incentive_product', id: '7', field: 'title', text: 'Desk plant' },
      { source: 'incentive_product', id: '7', field: 'image.alt', text: 'A fern on a desk' },
    ],
  };
  if (!o.content) content = { ...content, total: 0, items: [] };
  let translations = o.translations ?? [
    { source: 'Cancel', translation: 'إلغاء' },
    { source: 'Save', translation: 'حفظ' },
  ];
  let untranslated = o.untranslated ?? ['Log in', 'Search'];
  server.use(
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: siteLanguages() })),
    http.get('*/api/v2/translations', ({ request }) => {
      expect(new URL(request.url).searchParams.get('language')).toBe('ar');
      calls.gets += 1;
      return HttpResponse.json({ data: translations });
    }),
    http.get('*/api/v2/translations/ar/content', () => HttpResponse.json({ data: content })),
    http.put('*/api/v2/translations/ar/content', async ({ request }) => {
      const body = (await request.json()) as { texts: { field: string }[] };
      calls.contentPuts.push(body);
      const saved = new Set(body.texts.map((t) => t.field));
      content = {
        ...content,
        total: content.total - saved.size,
        items: content.items.filter((i) => !saved.has(i.field)),
      };
      return HttpResponse.json({ data: content });
    }),
    http.get('*/api/v2/translations/ar/untranslated', () => {
      calls.untranslated += 1;
      return HttpResponse.json({ data: untranslated });
    }),
    http.put('*/api/v2/translations/ar', async ({ request }) => {
      const body = (await request.json()) as { translations: Translation[] };
      calls.puts.push(body);
      for (const { source, translation } of body.translations) {
        translations = translations.filter((t) => t.source !== source);
        untranslated = untranslated.filter((s) => s !== source);
        if (translation.trim()) translations.push({ source, translation });
        else untranslated.push(source);
      }
      return HttpResponse.json({ data: { saved: 1, deleted: 1 } });
    }),
  );
  return calls;
}

const path = '/settings/site/languages/ar';

describe('Translations page', () => {
  it('names the language and sends only the changed translations', async () => {
    const calls = translationsApi();
    renderShell(<TranslationsPage />, { user: admin, path, routes });

    expect(await screen.findByRole('heading', { name: 'Arabic translations' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Arabic translations | Atrium Academy'));
    const save = await screen.findByLabelText('Save');
    expect(save).toHaveValue('حفظ');
    expect(save).toHaveAttribute('dir', 'rtl');
    expect(save).toHaveAttribute('lang', 'ar');
    expect(screen.getByLabelText('Log in')).toHaveValue('');
    expect(screen.getByText('4 texts')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Log in'), 'تسجيل الدخول');
    await userEvent.clear(screen.getByLabelText('Cancel'));
    // Typed and then put back as it was: not a change.
    await userEvent.type(save, 'x');
    await userEvent.type(save, '{Backspace}');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    expect(screen.getByText('Will be deleted')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save translations' }));

    expect(
      await screen.findByText('The translations have been saved: 1 saved, 1 deleted.'),
    ).toBeInTheDocument();
    expect(calls.puts).toEqual([
      {
        translations: [
          { source: 'Log in', translation: 'تسجيل الدخول' },
          { source: 'Cancel', translation: '' },
        ],
      },
    ]);
    // The interface and the untranslated list are fetched again.
    await waitFor(() => expect(calls.gets).toBe(2));
    expect(calls.untranslated).toBe(2);
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    expect(screen.getByLabelText('Log in')).toHaveValue('تسجيل الدخول');
    expect(screen.getByLabelText('Cancel')).toHaveValue('');
  }, 20_000);

  it('shows only the untranslated texts, and searches', async () => {
    translationsApi();
    const { router } = renderShell(<TranslationsPage />, { user: admin, path, routes });
    await screen.findByLabelText('Save');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Untranslated only (2)' }));
    const list = screen.getByRole('list', { name: 'Interface texts' });
    expect(
      within(list)
        .getAllByRole<HTMLTextAreaElement>('textbox')
        .map((box) => box.labels?.[0]?.textContent),
    ).toEqual(['Log in', 'Search']);
    expect(screen.getByText('2 of 4 texts')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?untranslated=1');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'sea');
    expect(within(list).getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByLabelText('Search')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'zzz');
    expect(screen.getByText('No texts match your search.')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search texts' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Untranslated only (2)' }));
    // Translations are searched too.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'حفظ');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByLabelText('Save')).toBeInTheDocument();
  }, 20_000);

  it('pages through many texts, 50 at a time, keeping the drafts', async () => {
    const sources = Array.from({ length: 120 }, (_, i) => `Text ${String(i).padStart(3, '0')}`);
    const calls = translationsApi({ translations: [], untranslated: sources });
    renderShell(<TranslationsPage />, { user: admin, path, routes });

    await screen.findByLabelText('Text 000');
    expect(screen.getAllByRole('textbox')).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Text 001'), 'نص');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByLabelText('Text 050')).toBeInTheDocument();
    expect(screen.queryByLabelText('Text 001')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Text 099'), 'آخر');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save translations' }));
    await screen.findByText(/The translations have been saved/);
    expect(calls.puts).toEqual([
      {
        translations: [
          { source: 'Text 001', translation: 'نص' },
          { source: 'Text 099', translation: 'آخر' },
        ],
      },
    ]);
  }, 20_000);

  it("puts the server's message on the row it concerns", async () => {
    translationsApi();
    server.use(
      http.put('*/api/v2/translations/ar', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [
              { path: 'translations[1][translation]', text: 'Must be at most 2000 characters' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(<TranslationsPage />, { user: admin, path, routes });
    await userEvent.type(await screen.findByLabelText('Log in'), 'دخول');
    await userEvent.type(screen.getByLabelText('Search'), 'بحث');
    await userEvent.click(screen.getByRole('button', { name: 'Save translations' }));

    expect(
      await screen.findByText('Some translations could not be saved. They are marked below.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveAccessibleDescription(
      'Must be at most 2000 characters',
    );
    expect(screen.getByLabelText('Log in')).not.toHaveAccessibleDescription();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  }, 20_000);

  it('explains that English has no translations, without asking the server for any', async () => {
    const calls = translationsApi();
    renderShell(<TranslationsPage />, { user: admin, path: '/settings/site/languages/en', routes });
    expect(await screen.findByText('English needs no translations.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another language' })).toHaveAttribute(
      'href',
      '/settings/site/languages',
    );
    expect(calls).toEqual({ puts: [], contentPuts: [], gets: 0, untranslated: 0 });
  }, 20_000);

  it('asks before leaving with unsaved translations', async () => {
    translationsApi();
    const { router } = renderShell(<TranslationsPage />, { user: admin, path, routes });
    await userEvent.type(await screen.findByLabelText('Log in'), 'دخول');
    await userEvent.click(screen.getByRole('link', { name: 'Back to languages' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByLabelText('Log in')).toHaveValue('دخول');
  }, 20_000);

  it('counts untranslated content, links to where it is edited, and saves its texts', async () => {
    const calls = translationsApi({ content: true });
    renderShell(<TranslationsPage />, { user: admin, path, routes });
    expect(await screen.findByText('Untranslated content (2)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Footer' })).toHaveAttribute(
      'href',
      '/settings/site/footer',
    );
    const list = screen.getByRole('list', { name: 'Untranslated content' });
    for (const edit of within(list).getAllByRole('link', { name: 'Edit' }))
      expect(edit).toHaveAttribute('href', '/settings/incentives/products/7/edit');
    // Each text is named by its content and its field's titles, a nested field by its path.
    expect(within(list).getByText('Rewards · Title')).toBeInTheDocument();
    expect(within(list).getByText('Rewards · Image › Image description')).toBeInTheDocument();
    const box = within(list).getByLabelText('Desk plant');
    expect(box).toHaveAttribute('dir', 'rtl');
    await userEvent.type(box, 'نبتة مكتب');
    await userEvent.click(screen.getByRole('button', { name: 'Save content texts' }));
    expect(await screen.findByText('Untranslated content (1)')).toBeInTheDocument();
    expect(calls.contentPuts).toEqual([
      {
        texts: [{ source: 'incentive_product', id: '7', field: 'title', text: 'نبتة مكتب' }],
      },
    ]);
  });
});
