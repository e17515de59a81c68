import type { Language } from '@schemas/entities/language.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import { moveLanguage } from '../components/language-order';
import LanguagesPage from '../pages/languages-page';
import { admin } from './fixtures';
import { language, siteLanguages } from './texts-fixtures';

setupMockServer();

const path = '/settings/site/languages';

/** A languages API over `languages`, recording what was sent. */
function languagesApi(languages: Language[]) {
  const sent = { posts: [] as unknown[], patches: [] as [string, unknown][] };
  let list = languages;
  const sorted = () => [...list].sort((a, b) => a.weight - b.weight);
  server.use(
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: sorted() })),
    http.get('*/api/v2/settings', () => HttpResponse.json({ data: {} })),
    http.post('*/api/v2/languages', async ({ request }) => {
      const body = (await request.json()) as Language;
      sent.posts.push(body);
      list = [...list, body];
      return HttpResponse.json({ data: body }, { status: 201 });
    }),
    http.patch('*/api/v2/languages/:langcode', async ({ request, params }) => {
      const body = (await request.json()) as Partial<Language>;
      sent.patches.push([String(params.langcode), body]);
      list = list.map((l) => (l.langcode === params.langcode ? { ...l, ...body } : l));
      return HttpResponse.json({ data: list.find((l) => l.langcode === params.langcode) });
    }),
  );
  return sent;
}

const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('Languages page', () => {
  it('lists the languages with their direction and a link to their translations', async () => {
    languagesApi(siteLanguages());
    renderShell(<LanguagesPage />, { user: admin, path });

    const table = await screen.findByRole('table', { name: '3 languages' });
    expect(rowNames()).toEqual(['English', 'Arabic', 'French']);
    const arabic = within(table).getByRole('rowheader', { name: 'Arabic' }).closest('tr')!;
    expect(within(arabic).getByText('العربية')).toHaveAttribute('lang', 'ar');
    expect(within(arabic).getByText('Right to left')).toBeInTheDocument();
    expect(within(arabic).getByText('ar')).toBeInTheDocument();
    expect(within(arabic).getByRole('link', { name: 'Translations of Arabic' })).toHaveAttribute(
      'href',
      '/settings/site/languages/ar',
    );
    expect(screen.getByRole('button', { name: 'Move English up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Move French down' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }, 20_000);

  it('moves a language with the keyboard and saves the new weights', async () => {
    const sent = languagesApi(siteLanguages());
    renderShell(<LanguagesPage />, { user: admin, path });
    const down = await screen.findByRole('button', { name: 'Move Arabic down' });

    down.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(rowNames()).toEqual(['English', 'French', 'Arabic']));
    expect(sent.patches).toEqual([
      ['fr', { weight: 1 }],
      ['ar', { weight: 2 }],
    ]);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Arabic moved to position 3 of 3.',
    );
    expect(screen.getByRole('button', { name: 'Move Arabic down' })).toHaveFocus();

    // At the end of the list, moving further down does nothing.
    await userEvent.keyboard('{Enter}');
    expect(sent.patches).toHaveLength(2);
  }, 20_000);

  it('adds a language at the end of the list', async () => {
    const sent = languagesApi(siteLanguages());
    renderShell(<LanguagesPage />, { user: admin, path });
    await screen.findByRole('table');

    const add = screen.getByRole('button', { name: 'Add language' });
    await userEvent.click(add);
    const form = screen.getByRole('region', { name: 'Add a language' });
    expect(within(form).getByLabelText('Language code')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText('Language code'), 'fa');
    await userEvent.type(within(form).getByLabelText('Name in English'), 'Persian');
    await userEvent.type(within(form).getByLabelText('Native name'), 'فارسی');
    await userEvent.click(within(form).getByRole('radio', { name: 'Right to left' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add language' }));

    expect(await screen.findByText('Persian has been added.')).toBeInTheDocument();
    expect(sent.posts).toEqual([
      { langcode: 'fa', name: 'Persian', native_name: 'فارسی', direction: 1, weight: 3 },
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['English', 'Arabic', 'French', 'Persian']));
    expect(screen.queryByRole('region', { name: 'Add a language' })).not.toBeInTheDocument();
    // Back where the form was opened from.
    await waitFor(() => expect(add).toHaveFocus());
  }, 20_000);

  it('checks the code before sending, and shows a code in use at the code field', async () => {
    const posts: unknown[] = [];
    languagesApi(siteLanguages());
    server.use(
      http.post('*/api/v2/languages', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(
          {
            message: 'This language exists already.',
            messages: [{ path: 'langcode', text: 'This language exists already.' }],
          },
          { status: 409 },
        );
      }),
    );
    renderShell(<LanguagesPage />, { user: admin, path });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Add language' }));
    const form = screen.getByRole('region', { name: 'Add a language' });
    const code = within(form).getByLabelText('Language code');

    await userEvent.type(code, 'French');
    await userEvent.click(within(form).getByRole('button', { name: 'Add language' }));
    expect(code).toHaveAccessibleDescription(/Use a language code such as fr, ar or pt-br\./);
    expect(within(form).getByLabelText('Name in English')).toHaveAccessibleDescription('Required');
    expect(posts).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, 'fr');
    await userEvent.type(within(form).getByLabelText('Name in English'), 'French');
    await userEvent.click(within(form).getByRole('button', { name: 'Add language' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/This language exists already\./));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(posts).toHaveLength(1);
  }, 20_000);

  it("edits a language's name and direction, sending only what changed", async () => {
    const sent = languagesApi([...siteLanguages(), language('ur', 'Urdu', { weight: 3 })]);
    renderShell(<LanguagesPage />, { user: admin, path });
    const edit = await screen.findByRole('button', { name: 'Edit Urdu' });
    await userEvent.click(edit);

    const form = screen.getByRole('region', { name: 'Edit Urdu' });
    expect(within(form).queryByLabelText('Language code')).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Left to right' })).toBeChecked();
    await userEvent.click(within(form).getByRole('radio', { name: 'Right to left' }));
    await userEvent.type(within(form).getByLabelText('Native name'), 'اردو');
    await userEvent.click(within(form).getByRole('button', { name: 'Save language' }));

    expect(await screen.findByText('Urdu has been saved.')).toBeInTheDocument();
    expect(sent.patches).toEqual([['ur', { native_name: 'اردو', direction: 1 }]]);
    const urdu = screen.getByRole('rowheader', { name: 'Urdu' }).closest('tr')!;
    await waitFor(() => expect(within(urdu).getByText('Right to left')).toBeInTheDocument());
  }, 20_000);

  it("shows the server's field message on the edit form", async () => {
    languagesApi(siteLanguages());
    server.use(
      http.patch('*/api/v2/languages/:langcode', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [{ path: 'name', text: 'Must be at most 100 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(<LanguagesPage />, { user: admin, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit French' }));
    const name = screen.getByLabelText('Name in English');
    await userEvent.type(name, ' (France)');
    await userEvent.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Must be at most 100 characters'));
    expect(screen.queryByText('French has been saved.')).not.toBeInTheDocument();
  }, 20_000);
});

describe('moveLanguage', () => {
  it('renumbers the weights and lists only the languages whose weight changes', () => {
    const tied = siteLanguages().map((l) => ({ ...l, weight: 5 }));
    expect(moveLanguage(tied, 2, -1)).toEqual([
      { langcode: 'en', patch: { weight: 0 } },
      { langcode: 'fr', patch: { weight: 1 } },
      { langcode: 'ar', patch: { weight: 2 } },
    ]);
    expect(moveLanguage(siteLanguages(), 0, -1)).toEqual([]);
    expect(moveLanguage(siteLanguages(), 2, 1)).toEqual([]);
  });
});
