import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import ProfileEditPage from '../pages/profile-edit-page';

setupMockServer();

const languages = [
  { langcode: 'en', name: 'English', native_name: 'English', direction: 0, weight: 0 },
  { langcode: 'ar', name: 'Arabic', native_name: 'العربية', direction: 1, weight: 1 },
];
const countries = {
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'NL', name: 'Netherlands' },
  ],
  default_country: 'NL',
};
const settings = http.get('*/api/v2/settings', ({ request }) =>
  new URL(request.url).searchParams.get('type') === 'countries'
    ? HttpResponse.json({ data: countries })
    : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
);
const routes = (ui: React.ReactNode) => [
  { path: '/user/:uid/edit', element: ui },
  { path: '/user', element: <p>Profile view</p> },
];

describe('Profile edit page', () => {
  it('shows the server’s field message on the field, then saves a valid change', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
      http.patch('*/api/v2/users/7', async ({ request }) => {
        const body = (await request.json()) as { last_name?: string };
        bodies.push(body);
        if (body.last_name === 'x'.repeat(3))
          return HttpResponse.json(
            {
              message: 'Invalid input',
              messages: [{ path: 'last_name', text: 'Choose a real name.' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({ data: { ...learner, last_name: body.last_name } });
      }),
      http.get('*/api/v2/me', () => HttpResponse.json({ data: learner })),
      http.get('*/api/v2/users/7', () => HttpResponse.json({ data: learner })),
      settings,
    );
    const user = userEvent.setup();
    const { router } = renderShell(<ProfileEditPage />, {
      user: learner,
      path: '/user/7/edit',
      routes,
    });

    const lastName = await screen.findByLabelText('Last name');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Lena');
    // A learner who chose no time zone reads the site's, and the form says so.
    const chosen = (label: string) =>
      screen.getByLabelText<HTMLSelectElement>(label).selectedOptions[0]?.textContent;
    expect(chosen('Language')).toBe('English');
    expect(chosen('Time zone')).toBe('Site default');
    await user.clear(lastName);
    await user.type(lastName, 'xxx');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a real name.')).toBeInTheDocument();

    await user.clear(lastName);
    await user.type(lastName, 'Weber');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
    expect(bodies.at(-1)).toMatchObject({ first_name: 'Lena', last_name: 'Weber' });
  });

  it("loads someone else's details for an administrator and saves them", async () => {
    const nadia = {
      uid: 99,
      name: 'nadia',
      first_name: 'Nadia',
      last_name: 'Haddad',
      full_name: 'Nadia Haddad',
      language: 'ar',
      timezone: 'Asia/Dubai',
      avatar: null,
      profile: { title: 'Trainer', country: 'DE' },
    };
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
      http.get('*/api/v2/users/99', () => HttpResponse.json({ data: nadia })),
      http.patch('*/api/v2/users/99', async ({ request }) => {
        const body = (await request.json()) as object;
        saved.push(body);
        return HttpResponse.json({ data: { ...nadia, ...body } });
      }),
      settings,
    );
    const user = userEvent.setup();
    const { router } = renderShell(<ProfileEditPage />, {
      user: learner,
      flags: { site_manage: true },
      path: '/user/99/edit',
      routes,
    });
    expect(
      await screen.findByText('You are editing the profile of Nadia Haddad.'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Nadia');
    expect(screen.getByLabelText('Job title')).toHaveValue('Trainer');
    // An administrator sets the job title and country.
    expect(screen.queryByText('Managed by your administrator')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Lead trainer');
    await user.selectOptions(screen.getByLabelText('Country'), 'Netherlands');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(saved.at(-1)).toMatchObject({
      first_name: 'Nadia',
      title: 'Lead trainer',
      country: 'NL',
    });
    // An administrator stays on the form of the person they edit.
    expect(router.state.location.pathname).toBe('/user/99/edit');
  });

  it('shows a learner their job title and country read-only, set by their administrator, and never sends them', async () => {
    const me = { ...learner, profile: { title: 'Logistics planner', country: 'DE' } };
    const bodies: object[] = [];
    server.use(
      http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
      http.get('*/api/v2/users/7', () => HttpResponse.json({ data: me })),
      http.get('*/api/v2/me', () => HttpResponse.json({ data: me })),
      http.patch('*/api/v2/users/7', async ({ request }) => {
        const body = (await request.json()) as object;
        bodies.push(body);
        return HttpResponse.json({ data: { ...me, ...body } });
      }),
      settings,
    );
    const user = userEvent.setup();
    renderShell(<ProfileEditPage />, { user: me, path: '/user/7/edit', routes });

    const title = await screen.findByLabelText('Job title');
    const country = screen.getByLabelText('Country');
    expect(title).toHaveValue('Logistics planner');
    expect(title).toHaveAttribute('readonly');
    expect(country).toHaveDisplayValue('Germany');
    expect(country).toBeDisabled();
    expect(screen.getAllByText('Managed by your administrator')).toHaveLength(2);
    await user.type(title, ' and director');
    expect(title).toHaveValue('Logistics planner');

    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Weber');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ first_name: 'Lena', last_name: 'Weber' });
    expect(Object.keys(bodies[0]!)).not.toContain('title');
    expect(Object.keys(bodies[0]!)).not.toContain('country');
  });
});
