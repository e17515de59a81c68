import { appearanceDefaults, type Appearance } from '@schemas/entities/appearance.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appearanceQueryKey } from '@/lib/queries/appearance';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import { COLOR_FIELDS, ROUNDNESS_FIELDS } from '../appearance-draft';
import StorefrontAppearancePage from '../storefront-appearance-page';

setupMockServer();

afterEach(() => {
  vi.restoreAllMocks();
});

const saved: Appearance = {
  logo: { url: '/logo.svg', alt: 'Atrium Academy' },
  colors: {
    primary: '#3754db',
    secondary: '#0f766e',
    header: '#ffffff',
    sidebar_menu: '#16213e',
  },
  fonts: {
    body: { name: 'System sans', family: 'system-ui, sans-serif', files: [] },
    icons: {
      name: 'Material Symbols Outlined',
      family: '"Material Symbols Outlined"',
      files: [],
      filled: false,
      grade: 0,
      weight: 200,
    },
  },
  roundness: { small: 4, medium: 8, large: 16 },
  favicon: '/favicon.svg',
  site_background: { color: '#f5f7fb' },
};

const WARNING = /Text on this colour is hard to read/;

function renderPage(appearance: Appearance = saved) {
  return renderShell(<StorefrontAppearancePage />, {
    user: learner,
    flags: { storefront_manage: true },
    path: '/settings/storefront/appearance',
    appearance,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function replace(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe('Storefront appearance page', () => {
  it('shows the saved theme in labelled fields, with Save and Reset off until something changes', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Appearance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Storefront settings' })).toHaveAttribute(
      'href',
      '/settings/storefront',
    );
    expect(field('Primary')).toHaveValue('#3754db');
    expect(field('Secondary')).toHaveValue('#0f766e');
    expect(field('Header')).toHaveValue('#ffffff');
    expect(field('Sidebar menu')).toHaveValue('#16213e');
    expect(screen.getByLabelText('Pick a colour for Primary')).toHaveValue('#3754db');
    expect(field('Logo address (URL)')).toHaveValue('/logo.svg');
    expect(screen.getByRole('spinbutton', { name: 'Medium' })).toHaveValue(8);
    expect(screen.getByRole('checkbox', { name: 'Filled icons' })).not.toBeChecked();
    expect(field('Primary')).toBeRequired();
    expect(screen.getAllByTitle('This field is required').length).toBeGreaterThan(0);
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset to saved' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Everything is saved.');
  });

  it('warns while a colour gives hard-to-read text, and stops when a readable one is picked', async () => {
    renderPage();
    const primary = field('Primary');
    expect(primary).not.toHaveAccessibleDescription(WARNING);

    // Orange is just under the 0.43 luminance threshold, so it gets white text: 2.39:1.
    await replace(primary, '#ff8800');
    expect(primary).toHaveAccessibleDescription(
      'Text on this colour is hard to read (contrast 2.3:1). Choose a darker or lighter colour.',
    );
    expect(screen.getByLabelText('Pick a colour for Primary')).toHaveValue('#ff8800');

    // A dark gold is over the threshold, gets black text and reads well.
    fireEvent.input(screen.getByLabelText('Pick a colour for Primary'), {
      target: { value: '#e0b000' },
    });
    expect(primary).toHaveValue('#e0b000');
    expect(primary).not.toHaveAccessibleDescription(WARNING);
    expect(screen.getAllByText('Contrast 10.3:1').length).toBeGreaterThan(0);

    // The preview draws the unsaved colour; the saved theme stays in the cache.
    expect(screen.getByTestId('appearance-preview').style.getPropertyValue('--color-primary')).toBe(
      '#e0b000',
    );
  });

  it('saves the theme as snake_case JSON, caches the answer and says so', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v2/settings/storefront/appearance', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: body });
      }),
    );
    const { queryClient } = renderPage();
    await replace(field('Primary'), '#1d4ed8');
    await replace(screen.getByRole('spinbutton', { name: 'Large' }), '20');
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    await userEvent.click(saveButton());

    expect(await screen.findByText('Appearance settings have been saved.')).toBeInTheDocument();
    expect(body).toEqual({
      ...saved,
      colors: { ...saved.colors, primary: '#1d4ed8' },
      roundness: { small: 4, medium: 8, large: 20 },
    });
    expect(queryClient.getQueryData<Appearance>(appearanceQueryKey)?.colors?.primary).toBe(
      '#1d4ed8',
    );
    expect(field('Primary')).toHaveValue('#1d4ed8');
    expect(saveButton()).toBeDisabled();
  });

  it('puts back the saved values on Reset', async () => {
    renderPage();
    await replace(field('Primary'), '#000000');
    expect(saveButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to saved' }));
    expect(field('Primary')).toHaveValue('#3754db');
    expect(saveButton()).toBeDisabled();
  });

  it('does not send a colour that is not one, and says what is wrong on the field', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v2/settings/storefront/appearance', () => {
        posts += 1;
        return HttpResponse.json({ data: saved });
      }),
    );
    renderPage();
    await replace(field('Header'), 'white');
    await userEvent.click(saveButton());
    expect(field('Header')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Header')).toHaveAccessibleDescription(
      'Enter a colour as # and 3 or 6 hexadecimal digits, for example #1d4ed8.',
    );
    expect(field('Header')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(posts).toBe(0);
  });

  it("shows the server's 400 messages on their fields", async () => {
    server.use(
      http.post('*/api/v2/settings/storefront/appearance', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            messages: [{ path: 'colors[sidebar_menu]', text: 'Invalid format' }],
          },
          { status: 400 },
        ),
      ),
      http.get('*/api/v2/appearance', () => HttpResponse.json({ data: saved })),
    );
    renderPage();
    await replace(field('Sidebar menu'), '#123456');
    await userEvent.click(saveButton());
    await waitFor(() => expect(field('Sidebar menu')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Sidebar menu')).toHaveAccessibleDescription('Invalid format');
    expect(screen.queryByText('Something went wrong, please try again.')).not.toBeInTheDocument();
    // The edit is kept so that it can be corrected.
    expect(field('Sidebar menu')).toHaveValue('#123456');

    // Changing the field clears the server's message.
    await replace(field('Sidebar menu'), '#123457');
    expect(field('Sidebar menu')).not.toHaveAttribute('aria-invalid');
  });

  it('refetches the saved appearance and shows the generic error when saving fails', async () => {
    // Retries of the failed call run without waiting.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let gets = 0;
    server.use(
      http.post('*/api/v2/settings/storefront/appearance', () =>
        HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }),
      ),
      http.get('*/api/v2/appearance', () => {
        gets += 1;
        return HttpResponse.json({
          data: { ...saved, colors: { ...saved.colors, secondary: '#334155' } },
        });
      }),
    );
    renderPage();
    await replace(field('Primary'), '#1d4ed8');
    await userEvent.click(saveButton());

    expect(await screen.findByText('Something went wrong, please try again.')).toBeInTheDocument();
    await waitFor(() => expect(gets).toBe(1));
    // The refetched theme shows where it was not edited; the edit is kept.
    await waitFor(() => expect(field('Secondary')).toHaveValue('#334155'));
    expect(field('Primary')).toHaveValue('#1d4ed8');
    expect(saveButton()).toBeEnabled();
  });

  it('shows every colour and radius the schema declares, by its label, and nothing else', () => {
    renderPage({
      ...saved,
      colors: { ...saved.colors, 'x:0}body{background:red}:root{--y': '#ffffff' },
    } as Appearance);
    for (const { label } of COLOR_FIELDS) expect(field(label)).toBeInTheDocument();
    for (const { label } of ROUNDNESS_FIELDS)
      expect(screen.getByRole('spinbutton', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /body/ })).not.toBeInTheDocument();
    // A colour the theme does not set may stay empty.
    expect(field('Success')).toHaveValue('');
    expect(field('Success')).not.toBeRequired();
  });

  it('resets the theme to the defaults once confirmed, and says so', async () => {
    let deletes = 0;
    server.use(
      http.delete('*/api/v2/settings/storefront/appearance', () => {
        deletes += 1;
        return HttpResponse.json({ data: appearanceDefaults });
      }),
    );
    const { queryClient } = renderPage();
    await replace(field('Primary'), '#000000');

    // Cancelling asks nothing of the server and keeps the edit.
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the appearance to the defaults?' });
    expect(dialog).toHaveAccessibleDescription(/This cannot be undone\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toBe(0);
    expect(field('Primary')).toHaveValue('#000000');

    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset to defaults' }),
    );
    expect(
      await screen.findByText('The appearance has been reset to the defaults.'),
    ).toBeInTheDocument();
    expect(deletes).toBe(1);
    expect(field('Primary')).toHaveValue(appearanceDefaults.colors.primary);
    expect(field('Logo address (URL)')).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Medium' })).toHaveValue(
      appearanceDefaults.roundness.medium,
    );
    expect(queryClient.getQueryData(appearanceQueryKey)).toEqual(appearanceDefaults);
    expect(saveButton()).toBeDisabled();
  });

  it('keeps the saved theme and says so when the reset fails', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    server.use(
      http.delete('*/api/v2/settings/storefront/appearance', () =>
        HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }),
      ),
      http.get('*/api/v2/appearance', () => HttpResponse.json({ data: saved })),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset to defaults' }),
    );
    expect(await screen.findByText('Something went wrong, please try again.')).toBeInTheDocument();
    expect(field('Primary')).toHaveValue('#3754db');
  });

  it('offers a retry when the appearance cannot be loaded', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let fail = true;
    server.use(
      http.get('*/api/v2/appearance', () =>
        fail
          ? HttpResponse.json({ message: 'Unavailable' }, { status: 503 })
          : HttpResponse.json({ data: saved }),
      ),
    );
    const { queryClient } = renderPage({});
    // Drop the preset theme so that the page loads it from the server.
    await act(() => queryClient.resetQueries({ queryKey: appearanceQueryKey }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The appearance settings could not be loaded.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Primary' })).toHaveValue('#3754db');
  });
});
