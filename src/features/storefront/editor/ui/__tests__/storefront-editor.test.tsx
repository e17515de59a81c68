import type { StorefrontLayout, StorefrontPatch } from '@schemas/entities/storefront.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import { section } from '../../../__tests__/fixtures';
import { sharedClipboard } from '../../clipboard';
import { StorefrontEditorPage } from '../storefront-editor-page';

setupMockServer();

const admin = {
  uid: 1,
  name: 'admin',
  full_name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  avatar: null,
  language: 'en',
};

const hero = section(11, 'hero', { heading: 'Welcome back', text: '' }, { weight: 0 });
const cta = section(
  12,
  'call_to_action',
  { heading: 'Keep going', text: '', button: { label: 'Go', url: '/dashboard' } },
  { weight: 1 },
);

function layoutWith(sections = [hero, cta]): StorefrontLayout {
  return {
    id: 3,
    audience: 'registered',
    language: 'en',
    enabled: true,
    sections,
    restrictions: [
      {
        type: 'language',
        label: 'Language',
        multiple: false,
        options: [
          { value: 'en', label: 'English' },
          { value: 'ar', label: 'Arabic' },
        ],
      },
    ],
  };
}

/** Serves the layout and records every PATCH body; `answer` decides the PATCH response. */
function serve(answer: (body: StorefrontPatch) => Response = (body) => saved(body)) {
  const patches: StorefrontPatch[] = [];
  server.use(
    http.get('*/api/v2/storefront/manage', () => HttpResponse.json({ data: layoutWith() })),
    http.get('*/api/v2/languages', () =>
      HttpResponse.json({
        data: [
          { langcode: 'en', name: 'English', direction: 0, weight: 0 },
          { langcode: 'ar', name: 'Arabic', direction: 1, weight: 1 },
        ],
      }),
    ),
    http.patch('*/api/v2/storefront/manage/3', async ({ request }) => {
      const body = (await request.json()) as StorefrontPatch;
      patches.push(body);
      return answer(body);
    }),
  );
  return patches;
}

/** What the server answers to a good PATCH: the layout with ids given to new sections. */
function saved(body: StorefrontPatch) {
  return HttpResponse.json({
    data: layoutWith(body.sections.map((s, i) => ({ ...s, id: s.id ?? 100 + i, weight: i }))),
  });
}

async function open() {
  const view = renderShell(<StorefrontEditorPage audience="registered" />, {
    user: admin,
    flags: { storefront_manage: true },
    path: '/settings/storefront/registered',
  });
  await screen.findByRole('heading', { level: 1, name: 'Storefront for registered users' });
  await screen.findByRole('heading', { name: 'Welcome back' });
  return view;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const names = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

beforeEach(() => sharedClipboard.clear());

describe('the storefront editor', () => {
  it('says why Save is disabled: nothing changed, a section being edited, a copy waiting', async () => {
    serve();
    const user = userEvent.setup();
    await open();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription("You're all set! Everything is up to date");

    await user.click(screen.getAllByRole('button', { name: 'Content' })[0]!);
    expect(saveButton()).toHaveAccessibleDescription('Finish editing to enable saving');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Copy Welcome back' }));
    expect(saveButton()).toHaveAccessibleDescription('Paste the section to enable saving');
    expect(
      screen.getByText('Copied: Welcome back. Use Paste here where it should go.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Discard the copy' }));

    await user.click(screen.getByRole('button', { name: 'Move Keep going up' }));
    expect(names()).toEqual(['Keep going', 'Welcome back']);
    expect(saveButton()).toBeEnabled();
    expect(screen.getByText('You have unsaved changes.')).toBeVisible();
    expect(screen.getByText('Keep going moved to position 1 of 2.')).toBeInTheDocument();
    // A preview shows saved work only.
    expect(screen.getByRole('button', { name: 'Target audience' })).toBeDisabled();
  });

  it('saves a new section with id null and without editor fields, then says so', async () => {
    const patches = serve();
    const user = userEvent.setup();
    await open();

    await user.click(screen.getByRole('button', { name: 'Add section at position 1' }));
    await user.click(screen.getByRole('button', { name: 'Call to action' }));
    const heading = screen.getByLabelText(/^Heading/);
    await user.clear(heading);
    await user.type(heading, 'Fresh start');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(names()).toEqual(['Fresh start', 'Welcome back', 'Keep going']);

    await user.click(saveButton());
    expect(
      await screen.findByText('Storefront settings have been successfully saved!'),
    ).toBeVisible();
    expect(patches).toHaveLength(1);
    const sent = patches[0]!;
    expect(sent.sections.map((s) => [s.id, s.type, s.weight])).toEqual([
      [null, 'call_to_action', 0],
      [11, 'hero', 1],
      [12, 'call_to_action', 2],
    ]);
    for (const s of sent.sections)
      expect(Object.keys(s).sort()).toEqual(['data', 'id', 'type', 'weight']);
    expect(sent.sections[0]!.data.content).toMatchObject({ heading: 'Fresh start' });
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
  });

  it('shows the generic failure when the answer has no data, and keeps the changes', async () => {
    serve(() => HttpResponse.json({}));
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Move Keep going up' }));
    await user.click(saveButton());
    expect(await screen.findByText('Something went wrong, please try again.')).toBeVisible();
    expect(names()).toEqual(['Keep going', 'Welcome back']);
    expect(saveButton()).toBeEnabled();
  });

  it('asks before removing a section, and Undo brings it back', async () => {
    serve();
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Remove Welcome back' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this section?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['Welcome back', 'Keep going']);

    await user.click(screen.getByRole('button', { name: 'Remove Welcome back' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this section?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(names()).toEqual(['Keep going']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(['Welcome back', 'Keep going']);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(names()).toEqual(['Keep going']);
  });

  it('restricts a section to an audience through its settings', async () => {
    const patches = serve();
    const user = userEvent.setup();
    await open();
    await user.click(screen.getAllByRole('button', { name: 'Settings' })[1]!);
    const form = screen.getByRole('region', { name: 'Settings and audience' });
    await user.selectOptions(within(form).getByLabelText('Language'), 'Arabic');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const card = screen.getByRole('article', { name: 'Keep going' });
    expect(within(card).getByText('Language: Arabic')).toBeVisible();
    await user.click(saveButton());
    await screen.findByText('Storefront settings have been successfully saved!');
    expect(patches[0]!.sections[1]!.data.restrictions).toEqual([
      { rule: 'and', type: 'language', value: 'ar' },
    ]);
  });

  it('opens a language without a layout as a draft, and its first save creates it', async () => {
    const draft: StorefrontLayout = { ...layoutWith([]), id: null, language: 'fr' };
    const posts: unknown[] = [];
    const patches: StorefrontPatch[] = [];
    const answer = (body: StorefrontPatch) =>
      HttpResponse.json({
        data: {
          ...draft,
          id: 50,
          sections: body.sections.map((s, i) => ({ ...s, id: s.id ?? 200 + i, weight: i })),
        },
      });
    server.use(
      http.get('*/api/v2/storefront/manage', () => HttpResponse.json({ data: draft })),
      http.get('*/api/v2/languages', () =>
        HttpResponse.json({
          data: [
            { langcode: 'en', name: 'English', direction: 0, weight: 0 },
            { langcode: 'fr', name: 'French', direction: 0, weight: 1 },
          ],
        }),
      ),
      http.post('*/api/v2/storefront/manage', async ({ request }) => {
        const body = (await request.json()) as StorefrontPatch;
        posts.push(body);
        return answer(body);
      }),
      http.patch('*/api/v2/storefront/manage/50', async ({ request }) => {
        const body = (await request.json()) as StorefrontPatch;
        patches.push(body);
        return answer(body);
      }),
    );
    const user = userEvent.setup();
    renderShell(<StorefrontEditorPage audience="registered" />, {
      user: admin,
      flags: { storefront_manage: true },
      path: '/settings/storefront/registered?language=fr',
    });
    await screen.findByRole('heading', { level: 1, name: 'Storefront for registered users' });
    expect(
      screen.getByText(
        'Until this storefront is saved, visitors who use French see the English one.',
      ),
    ).toBeVisible();
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add section at position 1' }));
    await user.click(screen.getByRole('button', { name: 'Call to action' }));
    await user.clear(screen.getByLabelText(/^Heading/));
    await user.type(screen.getByLabelText(/^Heading/), 'Bienvenue');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(saveButton());
    expect(
      await screen.findByText('Storefront settings have been successfully saved!'),
    ).toBeVisible();
    expect(posts).toEqual([
      {
        type: 'registered',
        language: 'fr',
        enabled: true,
        sections: [expect.objectContaining({ id: null, type: 'call_to_action', weight: 0 })],
      },
    ]);
    expect(names()).toEqual(['Bienvenue']);
    expect(
      screen.queryByText(
        'Until this storefront is saved, visitors who use French see the English one.',
      ),
    ).not.toBeInTheDocument();

    // The editor carries on with the saved layout: the next save goes to its id.
    await user.click(screen.getByRole('button', { name: 'Remove Bienvenue' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this section?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(saveButton());
    await screen.findAllByText('Storefront settings have been successfully saved!');
    expect(posts).toHaveLength(1);
    expect(patches).toEqual([{ enabled: true, sections: [] }]);
  });
});
